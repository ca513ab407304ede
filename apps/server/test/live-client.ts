import type { TLiveMessage, TTokenResponse } from '@escriba/contract';
import WebSocket from 'ws';
import { waitUntil } from './wait-until';

/** A client socket that records what it receives, with deadline-bound waits. */
export class LiveClient {
  readonly messages: TLiveMessage[] = [];
  readonly closed: Promise<number>;
  private readonly socket: WebSocket;

  /** `options`: e.g. the certificate authority of a test's `wss://` proxy. */
  constructor(base: string, session: Pick<TTokenResponse, 'user' | 'stream_token'>, options?: WebSocket.ClientOptions) {
    this.socket = new WebSocket(`${base}/v1/ws/user/${session.user.id}/token/${session.stream_token}`, options);
    this.socket.on('message', (data: Buffer) => this.messages.push(JSON.parse(data.toString()) as TLiveMessage));
    this.closed = new Promise((resolve) => this.socket.on('close', (code) => resolve(code)));
  }

  /**
   * Opens sockets until one is connected, as the web app retries a refused one: right after Redis
   * returns, an instance's subscriber connection may take a moment longer than its first.
   */
  static connect(
    base: string,
    session: Pick<TTokenResponse, 'user' | 'stream_token'>,
    timeoutMs = 15_000,
  ): Promise<LiveClient> {
    return waitUntil(
      async () => {
        const client = new LiveClient(base, session);
        try {
          await client.connected(2_000);
          return client;
        } catch {
          client.close();
          return undefined;
        }
      },
      'a live socket connected',
      timeoutMs,
    );
  }

  next(predicate: (message: TLiveMessage) => boolean, timeoutMs = 5_000): Promise<TLiveMessage> {
    return waitUntil(
      () => this.messages.find(predicate),
      `a matching live message (got ${JSON.stringify(this.messages)})`,
      timeoutMs,
    );
  }

  connected(timeoutMs?: number) {
    return this.next((message) => message.type === 'system' && message.status_code === 200, timeoutMs);
  }

  close() {
    this.socket.close();
  }
}
