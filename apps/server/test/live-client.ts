import type { TLiveMessage, TTokenResponse } from '@escriba/contract';
import WebSocket from 'ws';
import { waitUntil } from './wait-until';

/** A client socket that records what it receives, with deadline-bound waits. */
export class LiveClient {
  readonly messages: TLiveMessage[] = [];
  readonly closed: Promise<number>;
  private readonly socket: WebSocket;

  constructor(base: string, session: Pick<TTokenResponse, 'user' | 'stream_token'>) {
    this.socket = new WebSocket(`${base}/v1/ws/user/${session.user.id}/token/${session.stream_token}`);
    this.socket.on('message', (data: Buffer) => this.messages.push(JSON.parse(data.toString()) as TLiveMessage));
    this.closed = new Promise((resolve) => this.socket.on('close', (code) => resolve(code)));
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
