import type { TLiveMessage, TLiveMessageType } from '@escriba/contract';
import { createPacingQueue, LIVE_PACING_MS } from './pacing-queue';

export type LiveSocket = Pick<WebSocket, 'close'> & {
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
};

export interface LiveConnectionOptions {
  createSocket: (url: string) => LiveSocket;
  /** The address of the live channel for this user and stream token. */
  buildUrl: (userId: string, streamToken: string) => string;
  /** Reconnecting only makes sense while the session lives. */
  isSessionAlive: () => boolean;
  /** A `status_code` 401 message: the server ended the session. */
  onUnauthorized: (message: TLiveMessage) => void;
  /** A `status_code` 409 message: a newer connection of this session (another tab) took this one's place. */
  onReplaced: (message: TLiveMessage) => void;
  backoffMs?: (attempt: number) => number;
}

const MAX_BACKOFF_MS = 30_000;

export function defaultBackoffMs(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt);
}

/** The app's one live channel: paced delivery to subscribers, reconnection after a network drop. */
export function createLiveConnection(options: LiveConnectionOptions) {
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const subscribers = new Set<(message: TLiveMessage) => void>();
  const queue = createPacingQueue<TLiveMessageType, TLiveMessage>(LIVE_PACING_MS, (message) =>
    subscribers.forEach((subscriber) => subscriber(message)),
  );
  let socket: LiveSocket | undefined;
  let url: string | undefined;
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  function receive(data: unknown): void {
    const message = typeof data === 'string' ? readLiveMessage(data) : undefined;
    if (!message) {
      console.warn('Ignored a live message that is not valid JSON of a known type');
      return;
    }
    if (message.status_code === 401) {
      close();
      options.onUnauthorized(message);
      return;
    }
    // Reconnecting would push the newer connection out in turn.
    if (message.status_code === 409) {
      close();
      options.onReplaced(message);
      return;
    }
    // The socket opens before the server subscribes it (which fails while Redis is down): only this says it worked.
    if (message.type === 'system' && message.status_code === 200) attempt = 0;
    queue.push(message);
  }

  function connect(target: string): void {
    const current = options.createSocket(target);
    socket = current;
    current.onmessage = (event) => receive(event.data);
    current.onclose = () => {
      if (socket !== current) return;
      socket = undefined;
      if (!options.isSessionAlive()) {
        url = undefined;
        return;
      }
      reconnectTimer = setTimeout(() => connect(target), backoffMs(attempt++));
    };
  }

  function close(): void {
    clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    queue.clear();
    const current = socket;
    socket = undefined;
    url = undefined;
    attempt = 0;
    current?.close(1000);
  }

  return {
    /** Spec §4: opens only with a user id and a stream token, and only when none is open. */
    open(userId: string | undefined, streamToken: string | undefined): boolean {
      if (!userId || !streamToken || url) return false;
      url = options.buildUrl(userId, streamToken);
      connect(url);
      return true;
    },
    close,
    isOpen: () => url !== undefined,
    subscribe(subscriber: (message: TLiveMessage) => void): () => void {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
  };
}

/**
 * Checks the fields the client relies on. The contract's zod schema is not used here: this module is
 * on the first page, and zod would add ~25 KB gzipped to it (bench/web-bundle-size.ts).
 */
export function readLiveMessage(text: string): TLiveMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { type, status_code: statusCode, detail } = value as Record<string, unknown>;
  if (typeof type !== 'string' || !Object.hasOwn(LIVE_PACING_MS, type)) return undefined;
  if (statusCode !== undefined && !Number.isInteger(statusCode)) return undefined;
  if (detail !== undefined && typeof detail !== 'string') return undefined;
  return value as TLiveMessage;
}

/** `{host}/v1/ws/user/{userId}/token/{streamToken}`, secure when the page is (spec §7). */
export function buildLiveUrl(location: Pick<Location, 'protocol' | 'host'>, userId: string, streamToken: string) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/v1/ws/user/${encodeURIComponent(userId)}/token/${encodeURIComponent(streamToken)}`;
}
