/** Spec §3 "Toast": id, open flag, title, description, color. */
export interface Toast {
  id: number;
  open: boolean;
  title: string;
  description?: string;
  color: ToastColor;
  duration: number;
  /** One click that answers the toast ("Concluir consulta"); the toast closes after it. */
  action?: { label: string; onAction: () => void };
}

export type ToastColor = 'success' | 'error' | 'warning' | 'info';

// Spec §9 toast constants.
export const TOAST_MAX = 5;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 200;
export const TOAST_GAP_PX = 16;
export const TOAST_SCALE_STEP = 0.05;

export type NewToast = Omit<Toast, 'id' | 'open' | 'duration' | 'color'> & Partial<Pick<Toast, 'duration' | 'color'>>;

/** Newest first; at most 5 kept; a closed toast is removed 200 ms later. */
export function createToastStore() {
  let toasts: Toast[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const update = (next: Toast[]) => {
    toasts = next;
    listeners.forEach((listener) => listener());
  };

  return {
    getToasts: () => toasts,
    add: (toast: NewToast): number => {
      const id = nextId++;
      const created: Toast = { color: 'info', duration: TOAST_DURATION_MS, ...toast, id, open: true };
      update([created, ...toasts].slice(0, TOAST_MAX));
      return id;
    },
    close: (id: number): void => {
      update(toasts.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)));
      setTimeout(() => update(toasts.filter((toast) => toast.id !== id)), TOAST_REMOVE_DELAY_MS);
    },
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Where the toast at `index` (0 = newest) sits in the stack: collapsed it peeks out and shrinks. */
export function stackTransform(index: number, offsetPx: number, isExpanded: boolean): string {
  if (isExpanded) return `translateY(${offsetPx + index * TOAST_GAP_PX}px)`;
  return `translateY(${index * TOAST_GAP_PX}px) scale(${1 - index * TOAST_SCALE_STEP})`;
}

/** Where each toast of an expanded stack starts: below the heights of the newer ones. */
export function cumulativeOffsets(heights: number[]): number[] {
  let sum = 0;
  return heights.map((height) => {
    const offset = sum;
    sum += height;
    return offset;
  });
}

export const toasts = createToastStore();
