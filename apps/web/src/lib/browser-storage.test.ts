import { afterEach, describe, expect, it, vi } from 'vitest';

describe('storage inside a frame whose storage the browser denies', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('is kept in memory instead of failing the page', async () => {
    const denied = () => {
      throw new DOMException("Failed to read the 'localStorage' property from 'Window'", 'SecurityError');
    };
    vi.stubGlobal('window', Object.defineProperty({}, 'localStorage', { get: denied }));
    const { localStore } = await import('./browser-storage');
    localStore().setItem('escriba.note-copy-choice', 'soap');
    expect(localStore().getItem('escriba.note-copy-choice')).toBe('soap');
  });

  it("is the browser's own where allowed", async () => {
    const own = { getItem: () => null } as unknown as Storage;
    vi.stubGlobal('window', { localStorage: own });
    const { localStore } = await import('./browser-storage');
    expect(localStore()).toBe(own);
  });
});
