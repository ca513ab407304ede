import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { closeRedis } from './redis-clients';
import type { MessageHandler, PubSub, SubscribeOptions } from './pubsub';

// SUBSCRIBE has no command timeout (the connection is held in subscriber mode): one sent as Redis
// goes down or comes back can wait for a reconnection that takes seconds. A live socket is told to
// try again rather than left without a word.
const SUBSCRIBE_DEADLINE_MS = 3_000;

interface Subscription {
  handlers: Set<MessageHandler>;
  /** Settles when Redis confirmed the subscription (or, while Redis is unreachable, at once). */
  confirmed: Promise<void>;
}

/** Redis pub/sub, so that any instance reaches sockets and caches held by any other. */
export class RedisPubSub implements PubSub {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly events = new EventEmitter();

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly log: FastifyBaseLogger,
    private readonly prefix: string,
  ) {
    subscriber.on('message', (channel: string, raw: string) => this.deliver(channel.slice(prefix.length), raw));
    subscriber.on('ready', () => void this.resubscribe());
    publisher.on('ready', () => this.events.emit('reconnect'));
  }

  async publish(channel: string, payload: unknown): Promise<void> {
    await this.publisher.publish(this.prefix + channel, JSON.stringify(payload));
  }

  async subscribe(
    channel: string,
    handler: MessageHandler,
    { isDurable = false }: SubscribeOptions = {},
  ): Promise<() => Promise<void>> {
    const isReachable = this.subscriber.status === 'ready';
    if (!isReachable && !isDurable) throw new Error('pubsub: redis is unreachable');
    let subscription = this.subscriptions.get(channel);
    if (!subscription) {
      // A durable subscription asked for while Redis is down is made by resubscribe() when it returns.
      const confirmed = isReachable
        ? this.subscriber.subscribe(this.prefix + channel).then(() => undefined)
        : undefined;
      subscription = { handlers: new Set(), confirmed: confirmed ?? Promise.resolve() };
      this.subscriptions.set(channel, subscription);
    }
    const current = subscription;
    current.handlers.add(handler);
    const unsubscribe = () => this.unsubscribe(channel, current, handler);
    try {
      await (isDurable ? current.confirmed : withDeadline(current.confirmed, SUBSCRIBE_DEADLINE_MS));
    } catch (error) {
      if (!isDurable) {
        // Not awaited: an UNSUBSCRIBE to a Redis that hangs would wait as long as the SUBSCRIBE did.
        void unsubscribe();
        throw error;
      }
      this.log.warn({ err: error, channel }, 'pubsub: subscription deferred until redis returns');
    }
    return unsubscribe;
  }

  onReconnect(listener: () => void): () => void {
    this.events.on('reconnect', listener);
    return () => this.events.off('reconnect', listener);
  }

  async close(): Promise<void> {
    this.subscriptions.clear();
    this.events.removeAllListeners();
    await closeRedis(this.subscriber);
  }

  private async unsubscribe(channel: string, subscription: Subscription, handler: MessageHandler): Promise<void> {
    subscription.handlers.delete(handler);
    if (subscription.handlers.size > 0 || this.subscriptions.get(channel) !== subscription) return;
    this.subscriptions.delete(channel);
    // While Redis is down there is nothing to undo: the next connection subscribes only to the channels still wanted.
    if (this.subscriber.status !== 'ready') return;
    try {
      await this.subscriber.unsubscribe(this.prefix + channel);
    } catch (error) {
      this.log.warn(
        { err: error, channel },
        'pubsub: unsubscribe failed; the channel is dropped at the next reconnection',
      );
    }
  }

  /** Every new connection starts without subscriptions (autoResubscribe is off): make all of them again. */
  private async resubscribe(): Promise<void> {
    const keys = [...this.subscriptions.keys()].map((channel) => this.prefix + channel);
    try {
      if (keys.length > 0) await this.subscriber.subscribe(...keys);
    } catch (error) {
      // The connection dropped again; its next 'ready' tries again.
      this.log.warn({ err: error }, 'pubsub: resubscription failed');
      return;
    }
    this.events.emit('reconnect');
  }

  private deliver(channel: string, raw: string): void {
    let payload: unknown;
    try {
      payload = JSON.parse(raw);
    } catch (error) {
      this.log.error({ err: error, channel }, 'pubsub: dropped a message that is not JSON');
      return;
    }
    for (const handler of this.subscriptions.get(channel)?.handlers ?? []) handler(payload);
  }
}

function withDeadline(confirmed: Promise<void>, milliseconds: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('pubsub: redis did not confirm the subscription in time')), milliseconds);
  });
  return Promise.race([confirmed, deadline]).finally(() => clearTimeout(timer));
}
