import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserOutboxStore } from './outbox-store';

describe('the outbox where the browser denies IndexedDB', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps entries and their audio in memory, in order, so recording still works', async () => {
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    const store = createBrowserOutboxStore();
    const first = await store.add({ consultationId: 'c', kind: 'chunk', seq: 0, seconds: 5 }, new ArrayBuffer(4));
    const stop = await store.add({ consultationId: 'c', kind: 'stop' });
    expect((await store.list()).map((entry) => entry.id)).toEqual([first.id, stop.id]);
    expect((await store.audioOf(first.id))?.byteLength).toBe(4);
    await store.update({ ...first, failure: 'recusado' });
    await store.remove(stop.id);
    expect(await store.list()).toMatchObject([{ id: first.id, failure: 'recusado' }]);
  });
});
