import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { UnreadableDocumentError } from './unreadable-document-error.js';

// The Portuguese LSTM model ships inside @tesseract.js-data/por (gzipped): never fetched from a CDN.
const LANGUAGE_PATH = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/por/package.json')),
  '4.0.0_best_int',
);
const DEFAULT_PAGE_TIMEOUT_MS = 120_000;

let worker: Promise<Worker> | undefined;
// One page at a time: tesseract uses a whole core, and the machine has two.
let queue: Promise<unknown> = Promise.resolve();

export interface OcrOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * The text tesseract reads in Portuguese from an image (PNG, JPEG…), on a worker thread shared by the
 * process; requests wait in a queue. A page that takes longer than the timeout is unreadable.
 */
export function ocrImage(image: Buffer, options: OcrOptions = {}): Promise<string> {
  const result = queue.then(() => recognise(image, options));
  // The caller gets the failure through `result`; the queue itself goes on with the next page.
  queue = result.catch(() => undefined);
  return result;
}

/** Stops the OCR worker thread (at shutdown); a later request starts a new one. */
export async function terminateOcr(): Promise<void> {
  const current = worker;
  worker = undefined;
  if (current) await (await current).terminate();
}

function startWorker(): Promise<Worker> {
  if (!worker) {
    const starting = createWorker('por', OEM.LSTM_ONLY, {
      langPath: LANGUAGE_PATH,
      cacheMethod: 'none',
      gzip: true,
      // Without a handler tesseract.js throws a failed job's error from its message listener, an
      // uncaught exception; the job's own promise still rejects with it.
      errorHandler: () => undefined,
    }).then(async (started) => {
      // Images are prepared at about 300 dpi and PNGs from canvas carry no resolution.
      await started.setParameters({ user_defined_dpi: '300' });
      return started;
    });
    worker = starting;
    starting.catch(() => {
      if (worker === starting) worker = undefined;
    });
  }
  return worker;
}

async function recognise(image: Buffer, { signal, timeoutMs = DEFAULT_PAGE_TIMEOUT_MS }: OcrOptions) {
  signal?.throwIfAborted();
  const starting = startWorker();
  const current = await starting;
  const deadline = AbortSignal.timeout(timeoutMs);
  const stop = signal ? AbortSignal.any([signal, deadline]) : deadline;
  return await new Promise<string>((resolve, reject) => {
    const onStop = () => {
      // A running recognition cannot be cancelled: the worker goes, and the next page starts another.
      if (worker === starting) worker = undefined;
      void current.terminate();
      reject(
        deadline.aborted
          ? new UnreadableDocumentError('A leitura do texto demorou demais', { cause: deadline.reason })
          : (signal?.reason as Error),
      );
    };
    stop.addEventListener('abort', onStop, { once: true });
    current.recognize(image).then(
      (result) => {
        stop.removeEventListener('abort', onStop);
        resolve(result.data.text);
      },
      (error: unknown) => {
        stop.removeEventListener('abort', onStop);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
