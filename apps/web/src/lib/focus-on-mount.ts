/**
 * A ref that focuses its element once, when it appears (an editor the professional just opened), where
 * `autoFocus` would also fire on pages that open with it. Module-level, so React calls it on mount only.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
