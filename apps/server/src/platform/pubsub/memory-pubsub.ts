import type { MessageHandler, PubSub } from './pubsub';

/** In-process pub/sub for a single instance (the embedded mode). */
export class MemoryPubSub implements PubSub {
  private readonly handlers = new Map<string, Set<MessageHandler>>();

  publish(channel: string, payload: unknown): Promise<void> {
    // A copy, as Redis would deliver: subscribers never share the publisher's object.
    const message: unknown = JSON.parse(JSON.stringify(payload));
    for (const handler of this.handlers.get(channel) ?? []) handler(message);
    return Promise.resolve();
  }

  subscribe(channel: string, handler: MessageHandler): Promise<() => Promise<void>> {
    const set = this.handlers.get(channel) ?? new Set<MessageHandler>();
    set.add(handler);
    this.handlers.set(channel, set);
    return Promise.resolve(() => {
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(channel);
      return Promise.resolve();
    });
  }

  // One process never loses its own messages.
  onReconnect(): () => void {
    return () => undefined;
  }

  close(): Promise<void> {
    this.handlers.clear();
    return Promise.resolve();
  }
}
