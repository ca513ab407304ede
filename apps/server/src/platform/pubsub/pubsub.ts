export type MessageHandler = (payload: unknown) => void;

/** Fan-out of small JSON messages between the parts of one instance, or across instances via Redis. */
export interface PubSub {
  publish(channel: string, payload: unknown): Promise<void>;
  /** Resolves once the subscription is live; the returned function ends it. */
  subscribe(channel: string, handler: MessageHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
