export type MessageHandler = (payload: unknown) => void;

export interface SubscribeOptions {
  /**
   * For subscriptions that last as long as the app: instead of failing while the broker is
   * unreachable (at start, during an outage), the subscription is made as soon as it returns.
   */
  isDurable?: boolean;
}

/** Fan-out of small JSON messages between the parts of one instance, or across instances via Redis. */
export interface PubSub {
  /** Rejects at once while the broker is unreachable: the message is not sent. */
  publish(channel: string, payload: unknown): Promise<void>;
  /**
   * Resolves once the subscription is live, and keeps it through broker outages; the returned
   * function ends it. Rejects, keeping nothing, while the broker is unreachable (unless durable).
   */
  subscribe(channel: string, handler: MessageHandler, options?: SubscribeOptions): Promise<() => Promise<void>>;
  /**
   * Runs `listener` whenever the broker is reached again: messages sent while it was unreachable
   * were lost, so whoever keeps state from them should look again at the source. May run more
   * than once per outage.
   */
  onReconnect(listener: () => void): () => void;
  close(): Promise<void>;
}
