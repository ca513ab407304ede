import mammoth from 'mammoth';
import type { DocumentType } from './detect-document-type.js';
import { readImageByOcr } from './read-image-by-ocr.js';
import { readPdf } from './read-pdf.js';
import { combineReviews, type ReadingReview } from './review-reading.js';
import { UnreadableDocumentError } from './unreadable-document-error.js';

export interface PageText {
  page: number;
  text: string;
  ocr: boolean;
}

export interface DocumentText {
  /** The whole text; '' when none was found, which is not an error. */
  text: string;
  /** Per page for a PDF, null for other documents. */
  pages: PageText[] | null;
  /** What OCR was unsure of; null when nothing was read by OCR. */
  review: ReadingReview | null;
}

export interface ReadDocumentOptions {
  signal?: AbortSignal;
}

/**
 * The text of an accepted document: a PDF's text layer (OCR for scanned pages), OCR in Portuguese for
 * an image (with what OCR was unsure of), a DOCX's raw text, or a text file as is. Throws UnreadableDocumentError for a corrupt,
 * truncated or password-protected file.
 */
export async function readDocument(
  file: Buffer,
  type: DocumentType,
  options: ReadDocumentOptions = {},
): Promise<DocumentText> {
  switch (type.kind) {
    case 'pdf': {
      const { pages, reviews } = await readPdf(file, options.signal);
      // OCR pages are laid out already normal, so their unsure words' places hold.
      const normal = pages.map((page) => ({ ...page, text: normaliseText(page.text) }));
      return { text: joinPages(normal), pages: normal, review: combineReviews(reviews) };
    }
    case 'image': {
      const { text, review } = await readImageByOcr(file, type, null, options.signal);
      return { text, pages: null, review: combineReviews([review]) };
    }
    case 'docx':
      return { text: normaliseText(await readDocx(file)), pages: null, review: null };
    case 'text':
      // TextDecoder drops a leading byte order mark; invalid bytes become U+FFFD.
      return { text: normaliseText(new TextDecoder('utf-8').decode(file)), pages: null, review: null };
  }
}

async function readDocx(file: Buffer): Promise<string> {
  try {
    return (await mammoth.extractRawText({ buffer: file })).value;
  } catch (error) {
    throw new UnreadableDocumentError('O arquivo DOCX está corrompido ou incompleto', { cause: error });
  }
}

/** A document's whole text from its pages' texts, a blank line between pages. */
export function joinPages(pages: readonly { text: string }[]): string {
  return normaliseText(pages.map((page) => page.text).join('\n\n'));
}

/** Unix line breaks, no trailing spaces, at most one blank line in a row. */
export function normaliseText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\f\v]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
