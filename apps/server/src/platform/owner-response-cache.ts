import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { PubSub } from './pubsub/pubsub';

export interface OwnerResponseCacheOptions {
  /** The pub/sub channel on which instances tell each other that an owner's data changed. */
  channel: string;
  /** Bound on the cached bodies' total length; 0 turns the cache off. */
  maxBytes: number;
  /** Only bounds how long a change made outside this code (or a lost message) could go unseen. */
  ttlMs: number;
}

interface CachedBody {
  generation: number;
  // Bytes, not a string: a string would be encoded again on every send.
  body: Buffer;
}

/**
 * Serialized answers of a read route, per owner, kept until that owner's data changes. A change
 * moves the owner to a new generation here at once and on every other instance through pub/sub;
 * a body is served only in the generation it was computed in, so a read that raced a write is
 * never kept.
 */
export class OwnerResponseCache {
  private readonly bodies: LRUCache<string, CachedBody> | undefined;
  // One number per owner who changed data since start: small enough to keep for the process's life.
  private readonly generations = new Map<string, number>();
  private lastGeneration = 0;
  private unsubscribe: (() => Promise<void>) | undefined;
  private stopWatchingReconnects: (() => void) | undefined;

  constructor(
    private readonly pubsub: PubSub,
    private readonly log: FastifyBaseLogger,
    private readonly options: OwnerResponseCacheOptions,
  ) {
    if (options.maxBytes > 0) {
      this.bodies = new LRUCache({
        maxSize: options.maxBytes,
        sizeCalculation: (cached) => cached.body.byteLength,
        ttl: options.ttlMs,
      });
    }
  }

  async start(): Promise<void> {
    this.unsubscribe = await this.pubsub.subscribe(
      this.options.channel,
      (payload) => this.advance((payload as { ownerId: string }).ownerId),
      { isDurable: true },
    );
    // Changes announced while Redis was unreachable were missed: nothing held may be trusted.
    this.stopWatchingReconnects = this.pubsub.onReconnect(() => this.bodies?.clear());
  }

  async stop(): Promise<void> {
    this.stopWatchingReconnects?.();
    await this.unsubscribe?.();
  }

  /** The owner's body for `key`, computed by `compute` unless one of the current generation is cached. */
  async get(ownerId: string, key: string, compute: () => Promise<string>): Promise<Buffer | string> {
    if (!this.bodies) return compute();
    const cacheKey = `${ownerId}\n${key}`;
    const generation = this.generation(ownerId);
    const cached = this.bodies.get(cacheKey);
    if (cached?.generation === generation) return cached.body;
    const body = Buffer.from(await compute());
    if (this.generation(ownerId) === generation) this.bodies.set(cacheKey, { generation, body });
    return body;
  }

  /**
   * Call after every committed change to the owner's data. Instances that miss the message
   * (Redis unreachable) serve what they hold until Redis returns, at most the TTL; the write itself has succeeded,
   * so a failed publish is logged, never thrown.
   */
  async invalidate(ownerId: string): Promise<void> {
    this.advance(ownerId);
    try {
      await this.pubsub.publish(this.options.channel, { ownerId });
    } catch (error) {
      this.log.error({ err: error, channel: this.options.channel }, 'cache invalidation not published');
    }
  }

  private generation(ownerId: string): number {
    return this.generations.get(ownerId) ?? 0;
  }

  private advance(ownerId: string): void {
    this.generations.set(ownerId, ++this.lastGeneration);
  }
}
