import './pdfjs-node20-polyfills.js';
import { extractText, getDocumentProxy, renderPageAsImage } from 'unpdf';
import { ocrImage } from './ocr.js';
import type { PageText } from './read-document.js';
import { UnreadableDocumentError } from './unreadable-document-error.js';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

// A page with fewer letters or digits than this in its text layer is taken as scanned and read by OCR.
const MIN_TEXT_LAYER_CHARACTERS = 10;
const RENDER_DPI = 200;
const MAX_RENDER_SIDE = 3500;
const POINTS_PER_INCH = 72;
// Readers accept a PDF whose end-of-file marker lies in its last 1024 bytes; without one the upload was cut.
const END_OF_FILE_WINDOW = 1024;

/** The text of each page of a PDF: its text layer, or OCR of the rendered page where it has none. */
export async function readPdf(file: Buffer, signal?: AbortSignal): Promise<PageText[]> {
  if (!file.subarray(-END_OF_FILE_WINDOW).includes('%%EOF')) {
    throw new UnreadableDocumentError('O PDF está corrompido ou incompleto');
  }
  const pdf = await openPdf(file);
  try {
    const layers = await readTextLayers(pdf);
    const pages: PageText[] = [];
    for (const [index, layer] of layers.entries()) {
      signal?.throwIfAborted();
      const page = index + 1;
      pages.push(
        countTextCharacters(layer) >= MIN_TEXT_LAYER_CHARACTERS
          ? { page, text: layer, ocr: false }
          : { page, text: await ocrImage(await renderPage(pdf, page), { signal }), ocr: true },
      );
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

async function openPdf(file: Buffer): Promise<PdfDocument> {
  try {
    // pdf.js takes ownership of the bytes it is given: it gets a copy.
    return await getDocumentProxy(new Uint8Array(file), { verbosity: 0 });
  } catch (error) {
    throw new UnreadableDocumentError(
      error instanceof Error && error.name === 'PasswordException'
        ? 'O PDF está protegido por senha'
        : 'O PDF está corrompido ou incompleto',
      { cause: error },
    );
  }
}

async function readTextLayers(pdf: PdfDocument): Promise<string[]> {
  try {
    return (await extractText(pdf, { mergePages: false })).text;
  } catch (error) {
    throw new UnreadableDocumentError('O PDF está corrompido ou incompleto', { cause: error });
  }
}

async function renderPage(pdf: PdfDocument, pageNumber: number): Promise<Buffer> {
  const { width, height } = (await pdf.getPage(pageNumber)).getViewport({ scale: 1 });
  const scale = Math.min(RENDER_DPI / POINTS_PER_INCH, MAX_RENDER_SIDE / Math.max(width, height));
  const png = await renderPageAsImage(pdf, pageNumber, {
    canvasImport: () => import('@napi-rs/canvas'),
    scale,
  });
  return Buffer.from(png);
}

function countTextCharacters(text: string): number {
  return text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}
