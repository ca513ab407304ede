import WebSocket from 'ws';
import type { RealtimeConfig } from '../../config/transcription';
import { pcm16At24k, type Pcm16 } from './pcm16-at-24k';

/** The stream could not transcribe a chunk (connection dropped, refused, or silent too long): batch takes it. */
export class RealtimeError extends Error {}

/** Words so far of the chunk being transcribed. */
export type OnWords = (textSoFar: string) => void;

// A consultation's connection is closed once no chunk has used it for this long.
const IDLE_CLOSE_MS = 60_000;
// Appended in pieces of a second or so, as a live stream would be.
const APPEND_BYTES = 48_000;

interface Item {
  text: string;
  onWords: OnWords;
  resolve: (text: string) => void;
  reject: (error: RealtimeError) => void;
  stall: NodeJS.Timeout;
}

/**
 * Transcribes audio over the OpenAI Realtime transcription protocol (OpenAI, speaches): one WebSocket per stream
 * (a consultation's stored chunks, or a recorder's live audio) on this instance, the server's key never leaving
 * it. Each piece of audio is appended and committed at once, so commits arrive in the order sent and
 * `input_audio_buffer.committed` names each piece's item.
 */
export class RealtimeTranscription {
  private readonly sessions = new Map<string, RealtimeSession>();

  constructor(private readonly config: RealtimeConfig) {}

  /** The audio's final text, on the stream's connection; its words so far go to `onWords` as they come. */
  transcribe(streamKey: string, audio: Pcm16, onWords: OnWords = () => undefined): Promise<string> {
    let session = this.sessions.get(streamKey);
    if (!session?.isUsable()) {
      session = new RealtimeSession(this.config, () => this.sessions.delete(streamKey));
      this.sessions.set(streamKey, session);
    }
    return session.transcribe(pcm16At24k(audio), onWords);
  }

  close(): void {
    for (const session of this.sessions.values()) session.close();
  }
}

class RealtimeSession {
  private readonly socket: WebSocket;
  private readonly opened: Promise<void>;
  private readonly awaitingCommit: Item[] = [];
  private readonly byItemId = new Map<string, Item>();
  private idle: NodeJS.Timeout | undefined;
  private isClosed = false;

  constructor(
    private readonly config: RealtimeConfig,
    private readonly onClosed: () => void,
  ) {
    const url = new URL(config.url);
    url.searchParams.set('intent', 'transcription');
    url.searchParams.set('model', config.model);
    this.socket = new WebSocket(url, {
      headers: {
        'OpenAI-Beta': 'realtime=v1',
        ...(config.apiKey && { Authorization: `Bearer ${config.apiKey}` }),
      },
      handshakeTimeout: config.stallMs,
    });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => {
        this.send({
          type: 'transcription_session.update',
          session: {
            input_audio_format: 'pcm16',
            input_audio_transcription: { model: config.model, language: 'pt' },
            // The chunks are already cut at pauses: each commit is one item.
            turn_detection: null,
          },
        });
        resolve();
      });
      this.socket.once('error', reject);
    });
    // Awaited by every chunk; an unused rejection is not a crash.
    this.opened.catch(() => undefined);
    this.socket.on('message', (data: Buffer) => this.receive(data.toString()));
    this.socket.on('close', () => this.fail('a conexão com o serviço de transcrição em tempo real caiu'));
    this.socket.on('error', () => this.fail('o serviço de transcrição em tempo real não respondeu'));
  }

  isUsable(): boolean {
    return !this.isClosed;
  }

  async transcribe(audio: Buffer, onWords: OnWords): Promise<string> {
    clearTimeout(this.idle);
    try {
      await this.opened;
    } catch {
      throw new RealtimeError('não foi possível conectar ao serviço de transcrição em tempo real');
    }
    if (this.isClosed) throw new RealtimeError('a conexão com o serviço de transcrição em tempo real caiu');
    return new Promise((resolve, reject) => {
      const item: Item = { text: '', onWords, resolve, reject, stall: this.stallTimer() };
      this.awaitingCommit.push(item);
      for (let offset = 0; offset < audio.length; offset += APPEND_BYTES) {
        const audioPart = audio.subarray(offset, offset + APPEND_BYTES).toString('base64');
        this.send({ type: 'input_audio_buffer.append', audio: audioPart });
      }
      this.send({ type: 'input_audio_buffer.commit' });
    });
  }

  close(): void {
    this.fail('a conexão com o serviço de transcrição em tempo real foi encerrada');
  }

  private receive(raw: string): void {
    let event: { type?: string; item_id?: string; delta?: string; transcript?: string };
    try {
      event = JSON.parse(raw) as typeof event;
    } catch {
      return;
    }
    const item = event.item_id === undefined ? undefined : this.byItemId.get(event.item_id);
    switch (event.type ?? '') {
      case 'input_audio_buffer.committed': {
        const committed = this.awaitingCommit.shift();
        if (committed && event.item_id) {
          this.byItemId.set(event.item_id, committed);
          this.rearm(committed);
        }
        return;
      }
      case 'conversation.item.input_audio_transcription.delta':
        if (!item || !event.delta) return;
        item.text += event.delta;
        this.rearm(item);
        item.onWords(item.text.trim());
        return;
      case 'conversation.item.input_audio_transcription.completed':
        if (!item) return;
        this.settle(event.item_id!, item);
        item.resolve((event.transcript ?? item.text).trim());
        return;
      case 'conversation.item.input_audio_transcription.failed':
        if (!item) return;
        this.settle(event.item_id!, item);
        item.reject(new RealtimeError('o serviço de transcrição em tempo real não transcreveu este trecho'));
        return;
      case 'error':
        // Which commit an error belongs to is not said: every chunk in flight goes to batch.
        this.fail('o serviço de transcrição em tempo real recusou o áudio');
        return;
      default:
        // The session's own events (created, updated) need nothing.
        return;
    }
  }

  private settle(itemId: string, item: Item): void {
    clearTimeout(item.stall);
    this.byItemId.delete(itemId);
    if (this.byItemId.size === 0 && this.awaitingCommit.length === 0) {
      this.idle = setTimeout(() => this.close(), IDLE_CLOSE_MS).unref();
    }
  }

  private rearm(item: Item): void {
    clearTimeout(item.stall);
    item.stall = this.stallTimer();
  }

  /** A provider silent this long on a chunk is taken as stalled: the connection is dropped, its chunks to batch. */
  private stallTimer(): NodeJS.Timeout {
    return setTimeout(
      () => this.fail('o serviço de transcrição em tempo real parou de responder'),
      this.config.stallMs,
    ).unref();
  }

  private fail(reason: string): void {
    if (!this.isClosed) {
      this.isClosed = true;
      this.onClosed();
      clearTimeout(this.idle);
      this.socket.terminate();
    }
    for (const item of [...this.awaitingCommit, ...this.byItemId.values()]) {
      clearTimeout(item.stall);
      item.reject(new RealtimeError(reason));
    }
    this.awaitingCommit.length = 0;
    this.byItemId.clear();
  }

  private send(event: object): void {
    this.socket.send(JSON.stringify(event));
  }
}
