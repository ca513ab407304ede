/** How many jobs a queue worker runs at once, told what it fetched and how long each job took. */
export interface ConcurrencyLimit {
  readonly limit: number;
  /** `count` jobs were fetched; `isSaturated` when they took every free slot (more may wait). */
  fetched(count: number, isSaturated: boolean): void;
  finished(ms: number): void;
}

/** A limit that stays as configured. */
export function fixedConcurrency(limit: number): ConcurrencyLimit {
  return { limit, fetched: () => undefined, finished: () => undefined };
}

const WINDOW_MS = 2_000;
// Room above the mean for bursts: chunks arrive in clumps, not evenly.
const HEADROOM = 1.5;
// While jobs wait, the arrival rate is unknown (above what ran): the limit grows by half each window.
const GROWTH = 1.5;
const MEAN_WEIGHT = 0.1;

/**
 * A limit sized by Little's law: jobs in flight = jobs started per second × seconds per job, with
 * headroom, re-sized every two seconds between `min` and `max`. A slow provider thus gets as many
 * requests at once as its latency needs to keep up with the chunks arriving, never more than `max`
 * (what the provider is known to take at once).
 */
export class AdaptiveConcurrency implements ConcurrencyLimit {
  private current: number;
  private windowStart = performance.now();
  private startedInWindow = 0;
  private wasSaturated = false;
  private meanMs: number | undefined;

  constructor(private readonly bounds: { min: number; max: number }) {
    this.current = Math.min(bounds.min, bounds.max);
  }

  get limit(): number {
    const elapsedMs = performance.now() - this.windowStart;
    if (elapsedMs >= WINDOW_MS) this.resize(elapsedMs);
    return this.current;
  }

  fetched(count: number, isSaturated: boolean): void {
    this.startedInWindow += count;
    this.wasSaturated ||= isSaturated;
  }

  finished(ms: number): void {
    this.meanMs = this.meanMs === undefined ? ms : this.meanMs + MEAN_WEIGHT * (ms - this.meanMs);
  }

  private resize(elapsedMs: number): void {
    if (this.meanMs !== undefined) {
      const perSecond = this.startedInWindow / (elapsedMs / 1000);
      const needed = Math.ceil(perSecond * (this.meanMs / 1000) * HEADROOM);
      const target = this.wasSaturated ? Math.max(needed, Math.ceil(this.current * GROWTH)) : needed;
      this.current = Math.min(this.bounds.max, Math.max(this.bounds.min, target));
    }
    this.windowStart = performance.now();
    this.startedInWindow = 0;
    this.wasSaturated = false;
  }
}
