import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { OwnerResponseCache } from './owner-response-cache';
import { MemoryPubSub } from './pubsub/memory-pubsub';
import type { PubSub } from './pubsub/pubsub';

const OPTIONS = { channel: 'lists.changed', maxBytes: 1024, ttlMs: 60_000 };

async function startedCache(pubsub: PubSub = new MemoryPubSub(), options = OPTIONS, log = pino({ level: 'silent' })) {
  const cache = new OwnerResponseCache(pubsub, log, options);
  await cache.start();
  return cache;
}

/** The body the cache answers, as text. */
async function text(cache: OwnerResponseCache, ownerId: string, key: string, compute: () => Promise<string>) {
  return String(await cache.get(ownerId, key, compute));
}

/** A compute function that answers `body #n` and counts its calls. */
function counter(body: string) {
  const calls = { count: 0 };
  const compute = () => Promise.resolve(`${body} #${++calls.count}`);
  return { calls, compute };
}

describe('OwnerResponseCache', () => {
  it('computes a body once and serves it until the owner’s data changes', async () => {
    const cache = await startedCache();
    const { calls, compute } = counter('page');
    expect(await text(cache, 'ana', 'p1', compute)).toBe('page #1');
    expect(await text(cache, 'ana', 'p1', compute)).toBe('page #1');
    expect(calls.count).toBe(1);
    await cache.invalidate('ana');
    expect(await text(cache, 'ana', 'p1', compute)).toBe('page #2');
  });

  it('keeps owners and keys apart, and one owner’s change leaves the others cached', async () => {
    const cache = await startedCache();
    expect(await text(cache, 'ana', 'p1', counter('ana p1').compute)).toBe('ana p1 #1');
    expect(await text(cache, 'ana', 'p2', counter('ana p2').compute)).toBe('ana p2 #1');
    expect(await text(cache, 'bia', 'p1', counter('bia p1').compute)).toBe('bia p1 #1');
    await cache.invalidate('ana');
    expect(await text(cache, 'bia', 'p1', counter('other').compute)).toBe('bia p1 #1');
    expect(await text(cache, 'ana', 'p1', counter('fresh').compute)).toBe('fresh #1');
  });

  it('never keeps a body computed while the owner’s data changed', async () => {
    const cache = await startedCache();
    const stale = await text(cache, 'ana', 'p1', async () => {
      await cache.invalidate('ana');
      return 'read before the write';
    });
    expect(stale).toBe('read before the write');
    expect(await text(cache, 'ana', 'p1', counter('after').compute)).toBe('after #1');
  });

  it('drops what another instance holds when the change happens here', async () => {
    const pubsub = new MemoryPubSub();
    const here = await startedCache(pubsub);
    const there = await startedCache(pubsub);
    await text(there, 'ana', 'p1', counter('old').compute);
    await here.invalidate('ana');
    expect(await text(there, 'ana', 'p1', counter('new').compute)).toBe('new #1');
  });

  it('computes every time when turned off', async () => {
    const cache = await startedCache(new MemoryPubSub(), { ...OPTIONS, maxBytes: 0 });
    const { calls, compute } = counter('page');
    await text(cache, 'ana', 'p1', compute);
    await text(cache, 'ana', 'p1', compute);
    expect(calls.count).toBe(2);
  });

  it('drops the least recently used bodies beyond its size', async () => {
    const cache = await startedCache(new MemoryPubSub(), { ...OPTIONS, maxBytes: 10 });
    const first = counter('a'.repeat(5));
    await text(cache, 'ana', 'p1', first.compute);
    await text(cache, 'ana', 'p2', counter('b'.repeat(5)).compute);
    await text(cache, 'ana', 'p1', first.compute);
    expect(first.calls.count).toBe(2);
  });

  it('logs a change it could not publish and still applies it here', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void lines.push(line) });
    const pubsub = new MemoryPubSub();
    pubsub.publish = () => Promise.reject(new Error('Redis unreachable'));
    const cache = await startedCache(pubsub, OPTIONS, log);
    await text(cache, 'ana', 'p1', counter('old').compute);
    await expect(cache.invalidate('ana')).resolves.toBeUndefined();
    expect(await text(cache, 'ana', 'p1', counter('new').compute)).toBe('new #1');
    expect(lines.join('')).toContain('cache invalidation not published');
  });
});
