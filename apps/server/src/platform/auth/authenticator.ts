import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { hashToken } from '../crypto';
import type { PubSub } from '../pubsub/pubsub';
import { SessionCache } from './session-cache';
import type { ActiveSession, SessionStore } from './session-store';

export const AUTH_INVALIDATE_CHANNEL = 'auth.invalidate';

/** The session a token opens when it may be used, else undefined. */
export type Authenticated = ActiveSession | undefined;

/** Which cached sessions to drop: one session, or every session of a user. */
export interface Invalidation {
  sessionId?: string;
  userId?: string;
}

// Cached sessions are dropped on every change through pub/sub; the TTL only bounds how long a
// change made outside this code (by hand in the database) could go unseen.
const CACHE_TTL_MS = 30_000;
// lastUsedAt is written at most this often per session: idle expiry does not need finer grain.
const TOUCH_INTERVAL_MS = 60_000;
// Invalidations kept for Redis's return; past this, instances still catch up by re-reading everything (see start).
const MAX_UNSENT_INVALIDATIONS = 10_000;

/** Resolves bearer tokens to sessions, with a cache kept coherent across instances. */
export class Authenticator {
  private readonly cache = new SessionCache(10_000, CACHE_TTL_MS);
  private readonly events = new EventEmitter();
  private unsubscribe: (() => Promise<void>) | undefined;
  private stopWatchingReconnects: (() => void) | undefined;
  private unsent: Invalidation[] = [];

  constructor(
    readonly store: SessionStore,
    private readonly pubsub: PubSub,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.pubsub.subscribe(
      AUTH_INVALIDATE_CHANNEL,
      (payload) => this.dropLocally(payload as Invalidation),
      { isDurable: true },
    );
    // Invalidations published while Redis was unreachable never arrived: forget every cached
    // session (the next request reads it from the database), have live connections checked
    // again, and send what this instance could not.
    this.stopWatchingReconnects = this.pubsub.onReconnect(() => {
      this.cache.clear();
      this.events.emit('invalidate', {});
      void this.sendUnsent();
    });
  }

  async stop(): Promise<void> {
    this.stopWatchingReconnects?.();
    await this.unsubscribe?.();
  }

  /**
   * The usable session a token opens, or undefined. A cached session that needs no write is returned as is, not
   * in a promise, so the request it admits goes on at once. Rotated tokens (see SessionStore) are never cached.
   */
  authenticate(token: string, { includeRotated = false } = {}): Authenticated | Promise<Authenticated> {
    const key = hashToken(token);
    const now = Date.now();
    const cached = this.cache.get(key, now);
    return cached ? this.usable(cached, now) : this.read(token, key, includeRotated);
  }

  private async read(token: string, key: string, includeRotated: boolean): Promise<Authenticated> {
    const active = await this.store.findByToken(token, { includeRotated });
    if (!active) return undefined;
    const now = Date.now();
    if (active.session.tokenHash === key) this.cache.set(key, active, now);
    return this.usable(active, now);
  }

  // The session if it may be used now; an expired one is ended, a used one has its lastUsedAt written now and then.
  private usable(active: ActiveSession, now: number): Authenticated | Promise<Authenticated> {
    const reason = this.store.expiryReason(active, now);
    if (reason === 'idle' || reason === 'expired') return this.endExpired(active, reason).then(() => undefined);
    if (reason) return undefined;
    if (now - active.session.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
      active.session.lastUsedAt = new Date(now);
      return this.store.touch(active.session.id, active.session.lastUsedAt).then(() => active);
    }
    return active;
  }

  /**
   * Drops cached sessions here and on every other instance, and tells live connections to re-check.
   * Call after the change is committed: it never fails, since the change itself succeeded; what
   * cannot reach the other instances now is sent when Redis returns.
   */
  async invalidate(invalidation: Invalidation): Promise<void> {
    this.dropLocally(invalidation);
    await this.send(invalidation);
  }

  onInvalidate(listener: (invalidation: Invalidation) => void): () => void {
    this.events.on('invalidate', listener);
    return () => this.events.off('invalidate', listener);
  }

  private async endExpired(active: ActiveSession, reason: 'idle' | 'expired'): Promise<void> {
    const wasOpen = await this.store.revoke(active.session.id, reason);
    if (wasOpen) this.log.info({ sessionId: active.session.id, reason }, 'session ended');
    await this.invalidate({ sessionId: active.session.id });
  }

  private async send(invalidation: Invalidation): Promise<void> {
    try {
      await this.pubsub.publish(AUTH_INVALIDATE_CHANNEL, invalidation);
    } catch (error) {
      if (this.unsent.length === 0) this.log.warn({ err: error }, 'session invalidations held until redis returns');
      this.unsent.push(invalidation);
      if (this.unsent.length > MAX_UNSENT_INVALIDATIONS) this.unsent.shift();
    }
  }

  private async sendUnsent(): Promise<void> {
    const unsent = this.unsent;
    this.unsent = [];
    for (const invalidation of unsent) await this.send(invalidation);
  }

  private dropLocally(invalidation: Invalidation): void {
    this.cache.drop((active) => active.session.id === invalidation.sessionId || active.user.id === invalidation.userId);
    this.events.emit('invalidate', invalidation);
  }
}
