import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, PSM, type Page, type Word, type Worker } from 'tesseract.js';
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
  /** How tesseract finds the text on the page: `auto` (columns, blocks) or `block` (one uniform block). */
  layout?: 'auto' | 'block';
}

/** A word as tesseract read it: its place in the text, its box in the image's pixels, its confidence (0–100). */
export interface OcrWord {
  text: string;
  start: number;
  confidence: number;
  /** The confidence (0–100) of its least sure character: a word can score high while one of its digits does not. */
  leastSureCharacter: number;
  box: { x0: number; y0: number; x1: number; y1: number };
  /** Index of its line in the page, counted over the whole page. */
  line: number;
}

/** A page's text (lines in reading order, a blank line between blocks) and its words. */
export interface OcrText {
  text: string;
  words: OcrWord[];
}

const LAYOUTS = { auto: PSM.AUTO, block: PSM.SINGLE_BLOCK } as const;

/**
 * The text tesseract reads in Portuguese from an image (PNG, JPEG…) with each word's confidence and box,
 * on a worker thread shared by the process; requests wait in a queue. A page that takes longer than the
 * timeout is unreadable.
 */
export function ocrImage(image: Buffer, options: OcrOptions = {}): Promise<OcrText> {
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

async function recognise(
  image: Buffer,
  { signal, timeoutMs = DEFAULT_PAGE_TIMEOUT_MS, layout = 'auto' }: OcrOptions,
): Promise<OcrText> {
  signal?.throwIfAborted();
  const starting = startWorker();
  const current = await starting;
  await current.setParameters({ tessedit_pageseg_mode: LAYOUTS[layout] });
  const deadline = AbortSignal.timeout(timeoutMs);
  const stop = signal ? AbortSignal.any([signal, deadline]) : deadline;
  return await new Promise<OcrText>((resolve, reject) => {
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
    current.recognize(image, {}, { text: false, blocks: true }).then(
      (result) => {
        stop.removeEventListener('abort', onStop);
        resolve(layOutText(result.data));
      },
      (error: unknown) => {
        stop.removeEventListener('abort', onStop);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The page's words one line after another, joined by spaces; a blank line between tesseract's blocks. */
function layOutText(page: Page): OcrText {
  const words: OcrWord[] = [];
  let text = '';
  let line = 0;
  for (const block of page.blocks ?? []) {
    let isFirstOfBlock = true;
    for (const paragraph of block.paragraphs) {
      for (const each of paragraph.lines) {
        const lineWords = each.words.filter((word) => word.text.trim());
        if (lineWords.length === 0) continue;
        if (text) text += isFirstOfBlock ? '\n\n' : '\n';
        isFirstOfBlock = false;
        lineWords.forEach((word, index) => {
          if (index > 0) text += ' ';
          const wordText = word.text.trim();
          words.push({
            text: wordText,
            start: text.length,
            confidence: word.confidence,
            leastSureCharacter: leastSureCharacter(word),
            box: word.bbox,
            line,
          });
          text += wordText;
        });
        line += 1;
      }
    }
  }
  return { text, words };
}

/** The words of a page grouped by their line, in reading order. */
export function wordsByLine(words: readonly OcrWord[]): OcrWord[][] {
  const lines = new Map<number, OcrWord[]>();
  for (const word of words) lines.set(word.line, [...(lines.get(word.line) ?? []), word]);
  return [...lines.values()];
}

function leastSureCharacter(word: Word): number {
  const symbols = word.symbols ?? [];
  // A word given without its characters: its own confidence stands for theirs.
  return symbols.length === 0 ? word.confidence : Math.min(...symbols.map((symbol) => symbol.confidence));
}
