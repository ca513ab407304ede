import mammoth from 'mammoth';
import type { DocumentType } from './detect-document-type.js';
import { ocrImage } from './ocr.js';
import { prepareImageForOcr } from './prepare-image-for-ocr.js';
import { readPdf } from './read-pdf.js';
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
}

export interface ReadDocumentOptions {
  signal?: AbortSignal;
}

/**
 * The text of an accepted document: a PDF's text layer (OCR for scanned pages), OCR in Portuguese for
 * an image, a DOCX's raw text, or a text file as is. Throws UnreadableDocumentError for a corrupt,
 * truncated or password-protected file.
 */
export async function readDocument(
  file: Buffer,
  type: DocumentType,
  options: ReadDocumentOptions = {},
): Promise<DocumentText> {
  switch (type.kind) {
    case 'pdf': {
      const pages = (await readPdf(file, options.signal)).map((page) => ({
        ...page,
        text: normaliseText(page.text),
      }));
      return { text: joinPages(pages), pages };
    }
    case 'image': {
      const png = await prepareImageForOcr(file, type);
      return { text: normaliseText(await ocrImage(png, { signal: options.signal })), pages: null };
    }
    case 'docx':
      return { text: normaliseText(await readDocx(file)), pages: null };
    case 'text':
      // TextDecoder drops a leading byte order mark; invalid bytes become U+FFFD.
      return { text: normaliseText(new TextDecoder('utf-8').decode(file)), pages: null };
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
