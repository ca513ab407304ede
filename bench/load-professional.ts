import type { TConsultation, TLiveMessage } from '@escriba/contract';
import WebSocket from 'ws';

/** What one professional's session needs: the server, her tokens, and the chunk body every professional sends. */
export interface Session {
  base: string;
  userId: string;
  accessToken: string;
  streamToken: string;
}

export interface Chunk {
  payload: Buffer;
  headers: Record<string, string>;
}

/** Where a professional reports what she saw; the bench sorts it into its steps. */
export interface Observer {
  request(kind: 'chunk' | 'list' | 'partial', ms: number): void;
  accepted(key: string, at: number): void;
  transcribed(key: string, at: number): void;
  error(what: string): void;
}

export interface Rhythm {
  chunkSeconds: number;
  listEverySeconds: number;
  partialEverySeconds: number;
}

/**
 * One professional recording a consultation, as the web app does: a live socket, a chunk every
 * `chunkSeconds`, the consultation list and the partial transcript read now and then.
 */
export class Professional {
  private readonly timers: NodeJS.Timeout[] = [];
  private socket: WebSocket | undefined;
  private consultationId = '';
  private seq = 0;
  private isStopped = false;

  constructor(
    private readonly session: Session,
    private readonly chunk: Chunk,
    private readonly observer: Observer,
    /** Appended to each chunk's URL: `&speech=detected` as a recorder with voice activity sends it. */
    private readonly chunkQuery = '',
  ) {}

  /** Opens the live socket and a consultation the patient consented to record. */
  async open(): Promise<void> {
    const { base, userId, streamToken } = this.session;
    const socket = new WebSocket(`${base.replace('http', 'ws')}/v1/ws/user/${userId}/token/${streamToken}`);
    this.socket = socket;
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as TLiveMessage;
      if (message.type === 'transcript') this.observer.transcribed(`${message.consultation_id}:${message.seq}`, now());
    });
    socket.on('close', () => {
      if (!this.isStopped) this.observer.error('live socket closed');
    });
    await new Promise((resolve, reject) => {
      socket.once('message', resolve);
      socket.once('error', reject);
    });
    const consultation = await this.call('POST', '/api/v1/user/consultations/', 201, {
      body: JSON.stringify({ patient: { name: 'Paciente da bancada de carga' } }),
      headers: { 'content-type': 'application/json' },
    });
    this.consultationId = (JSON.parse(consultation) as TConsultation).id;
    await this.call('PUT', `/api/v1/user/consultations/${this.consultationId}/recording-consent`, 200);
  }

  /** Starts recording after `offsetMs`, so that professionals do not all send at the same instant. */
  start(rhythm: Rhythm, offsetMs: number): void {
    const every = (seconds: number, work: () => Promise<void>, startMs: number) => {
      const run = () => void work().catch((error: unknown) => this.observer.error(String(error)));
      this.timers.push(
        setTimeout(() => {
          run();
          this.timers.push(setInterval(run, seconds * 1000));
        }, startMs),
      );
    };
    every(rhythm.chunkSeconds, () => this.sendChunk(), offsetMs);
    every(rhythm.listEverySeconds, () => this.read('list', '/api/v1/user/consultations/'), offsetMs + 1_000);
    every(
      rhythm.partialEverySeconds,
      () => this.read('partial', `/api/v1/user/consultations/${this.consultationId}/partial-transcript`),
      offsetMs + 2_500,
    );
  }

  stop(): void {
    this.isStopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.socket?.close();
  }

  private async sendChunk(): Promise<void> {
    const seq = this.seq++;
    const started = now();
    await this.call(
      'POST',
      `/api/v1/user/consultations/${this.consultationId}/evidences/transcript?seq=${seq}${this.chunkQuery}`,
      202,
      {
        body: this.chunk.payload,
        headers: this.chunk.headers,
      },
    );
    const accepted = now();
    this.observer.request('chunk', accepted - started);
    this.observer.accepted(`${this.consultationId}:${seq}`, accepted);
  }

  private async read(kind: 'list' | 'partial', path: string): Promise<void> {
    const started = now();
    await this.call('GET', path, 200);
    this.observer.request(kind, now() - started);
  }

  /** The body of a request answered in full with `status`; anything else is an error. */
  private async call(
    method: string,
    path: string,
    status: number,
    init: { body?: string | Buffer; headers?: Record<string, string> } = {},
  ): Promise<string> {
    const response = await fetch(`${this.session.base}${path}`, {
      method,
      body: init.body,
      headers: { authorization: `Bearer ${this.session.accessToken}`, ...init.headers },
    });
    const body = await response.text();
    if (response.status !== status) {
      throw new Error(`${method} ${path.replace(/[0-9a-f-]{36}/g, ':id').replace(/\?.*/, '')}: ${response.status}`);
    }
    return body;
  }
}

function now(): number {
  return performance.now();
}
