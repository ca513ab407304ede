import type { RealtimeConfig } from '../src/config/transcription';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/** One committed chunk as the fixture received it. */
export interface RealtimeCommit {
  /** From 0, across connections: which commit this is. */
  index: number;
  /** From 0, in the order connections were opened: which connection it came on. */
  connection: number;
  /** Its audio, 16-bit PCM at 24 kHz, mono, little-endian. */
  audio: Buffer;
}

/**
 * What the fixture does with one commit: its words, the first delta after `delayMs` and each next one
 * `wordIntervalMs` later (`delayMs` unless given), then the completed item; or it drops the connection, or stalls
 * (never answers).
 */
export interface RealtimeBehaviour {
  words?: string[];
  delayMs?: number;
  wordIntervalMs?: number;
  /** Hold the completed item this much longer after the last delta. */
  completeAfterMs?: number;
  drop?: boolean;
  stall?: boolean;
}

/**
 * A loopback stand-in for the OpenAI Realtime transcription protocol (as OpenAI and speaches speak it): session
 * update, `input_audio_buffer.append` / `commit`, then `conversation.item.input_audio_transcription.delta` and
 * `.completed` per committed item. By default it answers "ao vivo N" for the Nth commit, 200 ms per word. Tests only.
 */
export class RealtimeFixture {
  readonly commits: RealtimeCommit[] = [];
  readonly sessionUpdates: Record<string, unknown>[] = [];
  readonly connections: { url: string; authorization: string | undefined }[] = [];
  behave: (commit: RealtimeCommit) => RealtimeBehaviour = () => ({});
  private readonly sockets = new Set<WebSocket>();

  private constructor(private readonly server: WebSocketServer) {
    server.on('connection', (socket, request) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      const connection = this.connections.length;
      this.connections.push({ url: request.url ?? '', authorization: request.headers.authorization });
      this.serve(socket, connection);
    });
  }

  static async start(port = 0): Promise<RealtimeFixture> {
    const server = new WebSocketServer({ host: '127.0.0.1', port });
    await new Promise((resolve) => server.once('listening', resolve));
    return new RealtimeFixture(server);
  }

  /** The app's streaming provider configuration for this fixture, with the server's key `chave-do-servidor`. */
  config(stallMs: number): RealtimeConfig {
    return { url: this.url, apiKey: 'chave-do-servidor', model: 'gpt-4o-transcribe', stallMs };
  }

  /** As REALTIME_URL takes it. */
  get url(): string {
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1/realtime`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.terminate();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private serve(socket: WebSocket, connection: number): void {
    let buffered: Buffer[] = [];
    let items = 0;
    const send = (event: object) => socket.send(JSON.stringify(event));
    socket.on('message', (raw: Buffer) => {
      const event = JSON.parse(raw.toString()) as { type: string; audio?: string; session?: Record<string, unknown> };
      if (event.type === 'transcription_session.update') {
        this.sessionUpdates.push(event.session ?? {});
        send({ type: 'transcription_session.updated', session: event.session });
      } else if (event.type === 'input_audio_buffer.append') {
        buffered.push(Buffer.from(event.audio ?? '', 'base64'));
      } else if (event.type === 'input_audio_buffer.commit') {
        const audio = Buffer.concat(buffered);
        const commit = { index: this.commits.length, connection, audio };
        buffered = [];
        this.commits.push(commit);
        const itemId = `item_${++items}`;
        send({ type: 'input_audio_buffer.committed', item_id: itemId, previous_item_id: null });
        void this.answer(socket, itemId, commit, send);
      }
    });
  }

  private async answer(socket: WebSocket, itemId: string, commit: RealtimeCommit, send: (event: object) => void) {
    const behaviour = this.behave(commit);
    const { words = ['ao', 'vivo', String(commit.index)], delayMs = 200, wordIntervalMs = delayMs } = behaviour;
    if (behaviour.drop) {
      socket.terminate();
      return;
    }
    if (behaviour.stall) return;
    for (const [index, word] of words.entries()) {
      await sleep(index === 0 ? delayMs : wordIntervalMs);
      send({
        type: 'conversation.item.input_audio_transcription.delta',
        item_id: itemId,
        content_index: 0,
        delta: index === 0 ? word : ` ${word}`,
      });
    }
    await sleep(behaviour.completeAfterMs ?? 0);
    send({
      type: 'conversation.item.input_audio_transcription.completed',
      item_id: itemId,
      content_index: 0,
      transcript: words.join(' '),
    });
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
