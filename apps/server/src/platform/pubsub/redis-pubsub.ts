import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { MessageHandler, PubSub } from './pubsub';

/** Redis pub/sub, so that any instance reaches sockets and caches held by any other. */
export class RedisPubSub implements PubSub {
  private readonly handlers = new Map<string, Set<MessageHandler>>();

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly log: FastifyBaseLogger,
    private readonly prefix: string,
  ) {
    subscriber.on('message', (channel: string, raw: string) => this.deliver(channel.slice(prefix.length), raw));
  }

  async publish(channel: string, payload: unknown): Promise<void> {
    await this.publisher.publish(this.prefix + channel, JSON.stringify(payload));
  }

  async subscribe(channel: string, handler: MessageHandler): Promise<() => Promise<void>> {
    const set = this.handlers.get(channel) ?? new Set<MessageHandler>();
    this.handlers.set(channel, set);
    if (set.size === 0) await this.subscriber.subscribe(this.prefix + channel);
    set.add(handler);
    return async () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(channel) === set) {
        this.handlers.delete(channel);
        await this.subscriber.unsubscribe(this.prefix + channel);
      }
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await this.subscriber.quit();
  }

  private deliver(channel: string, raw: string): void {
    let payload: unknown;
    try {
      payload = JSON.parse(raw);
    } catch (error) {
      this.log.error({ err: error, channel }, 'pubsub: dropped a message that is not JSON');
      return;
    }
    for (const handler of this.handlers.get(channel) ?? []) handler(payload);
  }
}
