/** Whether the element scrolls its own content vertically (and has content to scroll). */
function isScrollBox(element: HTMLElement): boolean {
  const { overflowY } = getComputedStyle(element);
  return (overflowY === 'auto' || overflowY === 'scroll') && element.scrollHeight > element.clientHeight;
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Brings `target` into view by scrolling only the boxes that hold it (a pane's list, a side panel), never the
 * page: the professional keeps her place in the note while its sources are shown beside it. Each box
 * brings into view what is nearest inside it: the target in the innermost box, that box in the next one.
 */
export function scrollIntoViewInside(target: HTMLElement): void {
  let shown: HTMLElement = target;
  for (let box = target.parentElement; box && box !== document.body; box = box.parentElement) {
    if (box === document.scrollingElement || !isScrollBox(box)) continue;
    const boxRect = box.getBoundingClientRect();
    const rect = shown.getBoundingClientRect();
    const above = rect.top - boxRect.top;
    const below = rect.bottom - boxRect.bottom;
    // "Nearest": a target taller than the box lines up with its top.
    const offset = above < 0 ? above : below > 0 ? Math.min(below, above) : 0;
    if (offset !== 0) box.scrollBy({ top: offset, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
    shown = box;
  }
}
