import type { TLiveAudioMessage, TTokenResponse } from '@escriba/contract';
import WebSocket from 'ws';

/** The recorder's side of the live audio socket (contract `live-audio.ts`), for tests. */
export class LiveAudioClient {
  /** The close code, once the server closed the socket. */
  readonly closed: Promise<number>;
  private readonly socket: WebSocket;

  private constructor(url: string) {
    this.socket = new WebSocket(url);
    this.closed = new Promise((resolve) => this.socket.on('close', (code) => resolve(code)));
  }

  /** Opens the socket; resolves once it is open, or once the server has closed it (see `closed`). */
  static async open(
    base: string,
    session: Pick<TTokenResponse, 'user' | 'stream_token'>,
    consultationId: string,
  ): Promise<LiveAudioClient> {
    const path = `/v1/ws/user/${session.user.id}/token/${session.stream_token}/consultations/${consultationId}/audio`;
    const client = new LiveAudioClient(`${base}${path}`);
    await Promise.race([new Promise((resolve) => client.socket.once('open', resolve)), client.closed]);
    return client;
  }

  send(message: TLiveAudioMessage | string): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /**
   * 16 kHz samples, as the recorder sends them: a frame every `frameSeconds`, at the pace they were captured (or all
   * at once, as no recorder would).
   */
  async stream(samples: Int16Array, frameSeconds = 0.2, { isPaced = true } = {}): Promise<void> {
    const frame = Math.round(frameSeconds * 16_000);
    for (let offset = 0; offset < samples.length; offset += frame) {
      this.socket.send(samples.subarray(offset, offset + frame));
      if (isPaced) await new Promise((resolve) => setTimeout(resolve, frameSeconds * 1000));
    }
  }

  close(): void {
    this.socket.close();
  }
}
