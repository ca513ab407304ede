/**
 * Where toasts start, in px from the top of the window: below an open drawer's header, so they never cover its
 * title or its "Fechar" button. 0 when no drawer is open.
 */
export function createToastClearance() {
  let top = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => top,
    set: (next: number) => {
      if (next === top) return;
      top = next;
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const toastClearance = createToastClearance();
