import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIconLookup, ICON_LOOKUP_TIMEOUT_MS } from './icons';

const set = { prefix: 'lucide', width: 24, height: 24, icons: { house: { body: '<path d="M0 0"/>' } } };

describe('icon lookup', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves a bundled icon and keeps it for synchronous reads', async () => {
    const icons = createIconLookup(() => Promise.resolve(set));
    await expect(icons.lookup('house')).resolves.toMatchObject({ body: '<path d="M0 0"/>', width: 24 });
    expect(icons.getLoaded('house')).toBeDefined();
  });

  it('rejects an icon that is not bundled', async () => {
    const icons = createIconLookup(() => Promise.resolve(set));
    await expect(icons.lookup('users')).rejects.toThrow('not bundled');
  });

  it('gives up after 1500 ms', async () => {
    vi.useFakeTimers();
    const icons = createIconLookup(() => new Promise(() => undefined));
    const result = icons.lookup('house');
    vi.advanceTimersByTime(ICON_LOOKUP_TIMEOUT_MS);
    await expect(result).rejects.toThrow('timed out');
  });
});
