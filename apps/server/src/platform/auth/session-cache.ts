import type { ActiveSession } from './session-store';

/**
 * Sessions by token hash, each for `ttlMs` after it was read, at most `max` of them (the oldest read is dropped
 * first). A plain Map in insertion order: lru-cache's get, with its options and staleness checks, cost every
 * authenticated request more than the handler of GET /user/me/ (issue 17 §7).
 */
export class SessionCache {
  private readonly entries = new Map<string, { active: ActiveSession; until: number }>();

  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string, now: number): ActiveSession | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now < entry.until) return entry.active;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, active: ActiveSession, now: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { active, until: now + this.ttlMs });
  }

  /** Drops the sessions `matches` picks. */
  drop(matches: (active: ActiveSession) => boolean): void {
    for (const [key, { active }] of this.entries) {
      if (matches(active)) this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
