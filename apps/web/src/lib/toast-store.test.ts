import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, stackTransform, TOAST_DURATION_MS, TOAST_MAX } from './toast-store';

describe('toast store', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps at most 5, newest first, with the default duration', () => {
    const store = createToastStore();
    for (let i = 1; i <= 7; i++) store.add({ title: `t${i}` });
    const titles = store.getToasts().map((toast) => toast.title);
    expect(titles).toEqual(['t7', 't6', 't5', 't4', 't3']);
    expect(titles).toHaveLength(TOAST_MAX);
    expect(store.getToasts()[0]).toMatchObject({ open: true, duration: TOAST_DURATION_MS, color: 'info' });
  });

  it('marks a toast closed and removes it 200 ms later', () => {
    vi.useFakeTimers();
    const store = createToastStore();
    const id = store.add({ title: 'Salvo', color: 'success' });
    store.close(id);
    expect(store.getToasts()[0]?.open).toBe(false);
    vi.advanceTimersByTime(199);
    expect(store.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('stacks with a 16 px gap and a 0.05 scale step', () => {
    expect(stackTransform(2, 0, false)).toBe('translateY(32px) scale(0.9)');
    expect(stackTransform(1, 80, true)).toBe('translateY(96px)');
  });
});
