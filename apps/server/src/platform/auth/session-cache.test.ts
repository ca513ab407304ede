import { describe, expect, it } from 'vitest';
import type { ActiveSession } from './session-store';
import { SessionCache } from './session-cache';

const sessionOf = (sessionId: string, userId: string) =>
  ({ session: { id: sessionId }, user: { id: userId } }) as ActiveSession;

describe('SessionCache', () => {
  it('keeps a session for its time to live after it was read, not after it was last used', () => {
    const cache = new SessionCache(10, 1000);
    const active = sessionOf('s1', 'u1');
    cache.set('k1', active, 0);
    expect(cache.get('k1', 500)).toBe(active);
    expect(cache.get('k1', 999)).toBe(active);
    expect(cache.get('k1', 1000)).toBeUndefined();
    expect(cache.get('k1', 0)).toBeUndefined();
  });

  it('drops the session read longest ago when full, and reading one again makes it the newest', () => {
    const cache = new SessionCache(2, 1000);
    cache.set('k1', sessionOf('s1', 'u1'), 0);
    cache.set('k2', sessionOf('s2', 'u1'), 1);
    cache.set('k1', sessionOf('s1', 'u1'), 2);
    cache.set('k3', sessionOf('s3', 'u2'), 3);
    expect(cache.get('k2', 4)).toBeUndefined();
    expect(cache.get('k1', 4)?.session.id).toBe('s1');
    expect(cache.get('k3', 4)?.session.id).toBe('s3');
  });

  it('drops the sessions picked, and all of them on clear', () => {
    const cache = new SessionCache(10, 1000);
    cache.set('k1', sessionOf('s1', 'u1'), 0);
    cache.set('k2', sessionOf('s2', 'u1'), 0);
    cache.set('k3', sessionOf('s3', 'u2'), 0);
    cache.drop((active) => active.user.id === 'u1');
    expect([cache.get('k1', 1), cache.get('k2', 1), cache.get('k3', 1)?.session.id]).toEqual([
      undefined,
      undefined,
      's3',
    ]);
    cache.clear();
    expect(cache.get('k3', 1)).toBeUndefined();
  });
});
