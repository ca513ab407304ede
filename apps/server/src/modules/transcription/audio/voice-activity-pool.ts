import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { workerScript, type WorkerScript } from '../../../platform/worker-script';
import type { FoundSpeech } from './detect-speech';
import type { SpeechDetector } from './speech-gate';

/** A chunk for a thread: its 16 kHz samples in shared memory, read in place. */
export interface VoiceActivityRequest {
  id: number;
  samples: Int16Array;
  /** The recorder's detector heard speech in it: Silero is not run again. */
  isSpeechDetected: boolean;
}

export type VoiceActivityReply = { id: number; speech: FoundSpeech | undefined } | { id: number; error: string };

// A chunk whose threads died this many times is refused: its job fails and is tried again later.
const MAX_TRIES = 3;

interface Pending {
  request: VoiceActivityRequest;
  tries: number;
  resolve(speech: FoundSpeech | undefined): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
  error?: Error;
}

export interface VoiceActivityPoolOptions {
  /** Threads at most, started as chunks come. */
  size?: number;
  /** The thread's code (tests give one that dies). */
  script?: WorkerScript;
  log?: FastifyBaseLogger;
}

/**
 * The speech gate off the event loop: worker threads (one by default: on two cores the other serves requests),
 * each loading Silero VAD once and deciding its chunks whole (detect-speech.ts), their windows read side by side
 * (silero-vad.ts). The samples are shared, not copied, so a thread that dies is replaced and its chunks are
 * read again by the new one. An idle pool does not keep the process alive.
 */
export class VoiceActivityPool implements SpeechDetector {
  private readonly threads: Thread[] = [];
  private readonly size: number;
  private readonly script: WorkerScript;
  private nextId = 0;
  private isClosed = false;

  constructor(private readonly options: VoiceActivityPoolOptions = {}) {
    this.size = options.size ?? 1;
    this.script =
      options.script ?? workerScript('voice-activity-worker', new URL('./voice-activity-worker.ts', import.meta.url));
  }

  detectSpeech(samples: Int16Array, isSpeechDetected = false): Promise<FoundSpeech | undefined> {
    if (this.isClosed) return Promise.reject(new Error('the voice activity pool is closed'));
    if (!(samples.buffer instanceof SharedArrayBuffer)) {
      return Promise.reject(new TypeError('the voice activity pool reads samples in a SharedArrayBuffer'));
    }
    return new Promise((resolve, reject) =>
      this.send({ request: { id: this.nextId++, samples, isSpeechDetected }, tries: 0, resolve, reject }),
    );
  }

  /** Ends the threads; chunks still being read are refused. */
  async close(): Promise<void> {
    this.isClosed = true;
    const threads = this.threads.splice(0);
    for (const { pending } of threads) {
      for (const each of pending.values()) each.reject(new Error('the voice activity pool closed'));
    }
    await Promise.all(threads.map(({ worker }) => worker.terminate()));
  }

  private send(pending: Pending): void {
    const thread =
      this.threads.length < this.size
        ? this.start()
        : this.threads.reduce((least, each) => (each.pending.size < least.pending.size ? each : least));
    pending.tries += 1;
    thread.pending.set(pending.request.id, pending);
    thread.worker.ref();
    thread.worker.postMessage(pending.request);
  }

  private start(): Thread {
    const { filename, options } = this.script;
    const thread: Thread = { worker: new Worker(filename, options), pending: new Map() };
    const { worker, pending } = thread;
    worker.unref();
    worker.on('message', (reply: VoiceActivityReply) => {
      const waiting = pending.get(reply.id)!;
      pending.delete(reply.id);
      if (pending.size === 0) worker.unref();
      if ('error' in reply) waiting.reject(new Error(`voice activity detector: ${reply.error}`));
      else waiting.resolve(reply.speech);
    });
    worker.on('error', (error) => (thread.error = error));
    worker.on('exit', (code) => this.replace(thread, code));
    this.threads.push(thread);
    return thread;
  }

  /** A thread that threw or exited: its chunks go to a new one. */
  private replace(thread: Thread, code: number): void {
    const index = this.threads.indexOf(thread);
    // Ended by close().
    if (index === -1) return;
    this.threads.splice(index, 1);
    this.options.log?.error({ err: thread.error, code }, 'voice activity thread died');
    for (const pending of thread.pending.values()) {
      if (pending.tries < MAX_TRIES) this.send(pending);
      else
        pending.reject(
          new Error(`voice activity threads died ${pending.tries} times reading a chunk`, { cause: thread.error }),
        );
    }
  }
}
