import './pdfjs-node20-polyfills.js';
import { getDocumentProxy, renderPageAsImage } from 'unpdf';
import type { DocumentType } from './detect-document-type.js';
import { orderPageText } from './pdf-text-order.js';
import type { PageText } from './read-document.js';
import { readImageByOcr } from './read-image-by-ocr.js';
import type { PageReview } from './review-reading.js';
import { UnreadableDocumentError } from './unreadable-document-error.js';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

// A page with fewer letters or digits than this in its text layer is taken as scanned and read by OCR.
const MIN_TEXT_LAYER_CHARACTERS = 10;
const RENDER_DPI = 200;
const MAX_RENDER_SIDE = 3500;
const POINTS_PER_INCH = 72;
// A preview's page is as wide as a laptop's dialog at twice its density: an A4 page at about 150 dpi, legible.
const PREVIEW_WIDTH = 1280;
// Readers accept a PDF whose end-of-file marker lies in its last 1024 bytes; without one the upload was cut.
const END_OF_FILE_WINDOW = 1024;

const RENDERED_PAGE: DocumentType = { kind: 'image', mime: 'image/png', extension: 'png' };

/** A PDF's pages, and the reviews of those read by OCR. */
export interface PdfText {
  pages: PageText[];
  reviews: PageReview[];
}

/**
 * The text of each page of a PDF: its text layer in reading order, or OCR of the rendered page where it
 * has none.
 */
export async function readPdf(file: Buffer, signal?: AbortSignal): Promise<PdfText> {
  if (!file.subarray(-END_OF_FILE_WINDOW).includes('%%EOF')) {
    throw new UnreadableDocumentError('O PDF está corrompido ou incompleto');
  }
  const pdf = await openPdf(file);
  try {
    const pages: PageText[] = [];
    const reviews: PageReview[] = [];
    for (let page = 1; page <= pdf.numPages; page += 1) {
      signal?.throwIfAborted();
      const layer = await readTextLayer(pdf, page);
      if (countTextCharacters(layer) >= MIN_TEXT_LAYER_CHARACTERS) {
        pages.push({ page, text: layer, ocr: false });
        continue;
      }
      const read = await readImageByOcr(await renderPage(pdf, page), RENDERED_PAGE, page, signal);
      pages.push({ page, text: read.text, ocr: true });
      reviews.push(read.review);
    }
    return { pages, reviews };
  } finally {
    await pdf.destroy();
  }
}

/** A PDF's first page rendered as an image, so the file can be previewed as a photo is (its renditions). */
export async function renderFirstPage(file: Buffer): Promise<{ image: Buffer; type: DocumentType }> {
  const pdf = await openPdf(file);
  try {
    return { image: await renderPage(pdf, 1, (width) => PREVIEW_WIDTH / width), type: RENDERED_PAGE };
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

async function readTextLayer(pdf: PdfDocument, pageNumber: number): Promise<string> {
  try {
    const content = await (await pdf.getPage(pageNumber)).getTextContent();
    return orderPageText(
      content.items.flatMap((item) =>
        'str' in item
          ? [
              {
                text: item.str,
                // pdf.js types the transform matrix loosely: [a, b, c, d, e, f], e and f the baseline start.
                x: Number(item.transform[4]),
                y: Number(item.transform[5]),
                width: item.width,
                height: item.height,
              },
            ]
          : [],
      ),
    );
  } catch (error) {
    throw new UnreadableDocumentError('O PDF está corrompido ou incompleto', { cause: error });
  }
}

async function renderPage(pdf: PdfDocument, pageNumber: number, scaleOf = scaleForOcr): Promise<Buffer> {
  const { width, height } = (await pdf.getPage(pageNumber)).getViewport({ scale: 1 });
  const scale = scaleOf(width, height);
  const png = await renderPageAsImage(pdf, pageNumber, {
    canvasImport: () => import('@napi-rs/canvas'),
    scale,
  });
  return Buffer.from(png);
}

function scaleForOcr(width: number, height: number): number {
  return Math.min(RENDER_DPI / POINTS_PER_INCH, MAX_RENDER_SIDE / Math.max(width, height));
}

function countTextCharacters(text: string): number {
  return text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}
