import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackServer } from './loopback-server';

export interface FixtureRequest {
  model: string;
  language: string;
  responseFormat: string;
  fileName: string;
  file: Buffer;
  /** From the request's arrival to the end of the answer: the provider's own time. */
  handledMs?: number;
}

/** What the fixture does with one request: answer after `delayMs`, or fail with `status`, or hang up. */
export interface FixtureBehaviour {
  delayMs?: number;
  status?: number;
  hangUp?: boolean;
  text?: string;
  segments?: Record<string, unknown>[];
}

/**
 * A loopback stand-in for a faster-whisper server's OpenAI-compatible API (POST
 * /v1/audio/transcriptions, verbose_json) whose latency and failures each test controls. By default
 * it answers "trecho N" for the file named N.ext, so tests can tell chunks apart, as one segment spanning the
 * audio (a WAV's length; 1 s for other formats). Tests only.
 */
export class WhisperFixture extends LoopbackServer {
  readonly requests: FixtureRequest[] = [];
  behave: (request: FixtureRequest) => FixtureBehaviour = () => ({});

  private constructor() {
    super();
  }

  static start(): Promise<WhisperFixture> {
    return new WhisperFixture().listen();
  }

  /** The OpenAI-compatible base, as WHISPER_URL takes it. */
  get baseUrl(): string {
    return `${this.origin}/v1`;
  }

  /** How many times each chunk (by its file name's number) reached the provider. */
  callsBySeq(): Map<number, number> {
    const calls = new Map<number, number>();
    for (const request of this.requests) calls.set(seqOf(request), (calls.get(seqOf(request)) ?? 0) + 1);
    return calls;
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'GET' && request.url === '/v1/models') {
      // As speaches lists the models it has; the admin system page probes this.
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ object: 'list', data: [{ id: 'Systran/faster-whisper-small', object: 'model' }] }));
      return;
    }
    if (request.method !== 'POST' || request.url !== '/v1/audio/transcriptions') {
      response.writeHead(404).end();
      return;
    }
    const arrived = performance.now();
    const form = await new Request('http://fixture', {
      method: 'POST',
      headers: request.headers as Record<string, string>,
      body: request,
      duplex: 'half',
    }).formData();
    const file = form.get('file') as File;
    const received: FixtureRequest = {
      model: textField(form, 'model'),
      language: textField(form, 'language'),
      responseFormat: textField(form, 'response_format'),
      fileName: file.name,
      file: Buffer.from(await file.arrayBuffer()),
    };
    this.requests.push(received);
    const behaviour = this.behave(received);
    if (behaviour.delayMs) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
    if (behaviour.hangUp) {
      request.socket.destroy();
      return;
    }
    if (behaviour.status && behaviour.status >= 400) {
      response.writeHead(behaviour.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ detail: 'fixture failure' }));
      return;
    }
    const text = behaviour.text ?? `trecho ${seqOf(received)}`;
    const segments = behaviour.segments ?? [
      {
        start: 0,
        end: wavSeconds(received.file) ?? 1,
        text,
        avg_logprob: -0.2,
        no_speech_prob: 0.01,
        compression_ratio: 1.1,
      },
    ];
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ text, language: 'pt', duration: 1, segments }));
    received.handledMs = performance.now() - arrived;
  }
}

function textField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** A WAV file's length (its data over its byte rate), as a provider times the segment spanning it; else undefined. */
export function wavSeconds(file: Buffer): number | undefined {
  if (file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE') return undefined;
  let byteRate: number | undefined;
  for (let offset = 12; offset + 8 <= file.length;) {
    const id = file.toString('ascii', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    if (id === 'fmt ') byteRate = file.readUInt32LE(offset + 16);
    if (id === 'data') return byteRate ? size / byteRate : undefined;
    offset += 8 + size + (size % 2);
  }
  return undefined;
}

/** The backoff of chunks whose provider is down, in tenths of a second instead of 1, 2, 4 … s: tests need not wait it out. */
export const SHORT_RETRY_BACKOFF = { firstSeconds: 0.05, maxSeconds: 0.4 };

export function seqOf(request: FixtureRequest): number {
  return Number.parseInt(request.fileName, 10);
}
