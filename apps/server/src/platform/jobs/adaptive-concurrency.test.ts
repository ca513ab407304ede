import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdaptiveConcurrency } from './adaptive-concurrency';

/** Two seconds in which `perSecond` jobs start, each taking `ms`, all slots taken when `isSaturated`. */
function window(limit: AdaptiveConcurrency, perSecond: number, ms: number, isSaturated = false): number {
  for (let job = 0; job < perSecond * 2; job += 1) {
    limit.fetched(1, isSaturated);
    limit.finished(ms);
  }
  vi.advanceTimersByTime(2_000);
  return limit.limit;
}

describe('AdaptiveConcurrency', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['performance'] }));
  afterEach(() => vi.useRealTimers());

  it('starts at its minimum and holds it while few jobs arrive', () => {
    const limit = new AdaptiveConcurrency({ min: 4, max: 128 });
    expect(limit.limit).toBe(4);
    expect(window(limit, 2, 300)).toBe(4);
  });

  it('sizes itself by arrival rate × time per job, with half again as headroom', () => {
    const limit = new AdaptiveConcurrency({ min: 4, max: 128 });
    // 100 chunks a second on a 350 ms provider keep 35 in flight.
    expect(window(limit, 100, 350)).toBe(53);
    // The provider slows to a second: 150 at once would keep up, the maximum allows 128.
    window(limit, 100, 1_000);
    expect(window(limit, 100, 1_000)).toBe(128);
  });

  it('grows by half each window while jobs wait, never past its maximum', () => {
    const limit = new AdaptiveConcurrency({ min: 4, max: 20 });
    expect(window(limit, 1, 100, true)).toBe(6);
    expect(window(limit, 1, 100, true)).toBe(9);
    expect(window(limit, 1, 100, true)).toBe(14);
    expect(window(limit, 1, 100, true)).toBe(20);
    expect(window(limit, 1, 100, true)).toBe(20);
  });

  it('shrinks back once the load is gone', () => {
    const limit = new AdaptiveConcurrency({ min: 4, max: 128 });
    window(limit, 100, 350);
    expect(window(limit, 0, 350)).toBe(4);
  });

  it('keeps a maximum below the minimum', () => {
    const limit = new AdaptiveConcurrency({ min: 4, max: 2 });
    expect(limit.limit).toBe(2);
    expect(window(limit, 100, 350, true)).toBe(2);
  });
});
