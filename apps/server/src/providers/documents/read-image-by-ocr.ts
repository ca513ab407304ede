import type { DocumentType } from './detect-document-type.js';
import { ocrImage } from './ocr.js';
import { prepareImageForOcr } from './prepare-image-for-ocr.js';
import { betterReading, isUnsure, reviewPage, type PageReview } from './review-reading.js';
import { hasValuesApart } from './value-reference-pairs.js';

/** A page's text read by OCR, and what OCR was unsure of. */
export interface OcrPageText {
  text: string;
  review: PageReview;
}

/**
 * The text of an image (a photo, a scan, a PDF page rendered) by OCR once cleaned
 * (`prepareImageForOcr`); a page read with too many unsure words, or with a table's values apart from
 * their names, is read again as one uniform block (tables and forms split into columns wrongly otherwise),
 * and the better reading kept (`betterReading`).
 */
export async function readImageByOcr(
  image: Buffer,
  type: DocumentType,
  page: number | null,
  signal?: AbortSignal,
): Promise<OcrPageText> {
  const prepared = await prepareImageForOcr(image, type);
  const review = (ocr: Awaited<ReturnType<typeof ocrImage>>) =>
    reviewPage({ page, ocr, width: prepared.width, height: prepared.height, checkBoxes: prepared.checkBoxes });
  const first = await ocrImage(prepared.png, { signal });
  const firstReview = review(first);
  if (!isUnsure(firstReview) && !hasValuesApart(first)) return { text: first.text, review: firstReview };
  const best = betterReading(first, await ocrImage(prepared.png, { signal, layout: 'block' }));
  return { text: best.text, review: best === first ? firstReview : review(best) };
}
