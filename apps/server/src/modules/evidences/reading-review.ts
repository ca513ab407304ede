import type { ReadingReview } from '../../providers/documents/review-reading';

// A number as OCR read it: digits, grouped or with decimals by dots and commas.
const NUMBER = /\d+(?:[.,]\d+)*/g;

/**
 * The numbers of an evidence version that OCR was unsure of (read with low confidence, with separators
 * wrong for their unit, or not reading as a value and its reference), as they stand in its text: a statement citing one of them is not verified by it.
 */
export function unsureNumbersOf(version: { readingReview: ReadingReview | null }): string[] {
  const words = version.readingReview?.unsureWords ?? [];
  return [...new Set(words.filter((word) => word.is_number).flatMap((word) => word.text.match(NUMBER) ?? []))];
}

/**
 * The review of a text once the professional corrected it: she read what she corrected, so its unsure
 * words go (a page's, or all of a text without pages), and with the last unsure number or low-confidence
 * word the low-confidence flag.
 * The share stays the reading's; the reasons to look at the image stay while uncorrected pages remain.
 */
export function reviewAfterCorrection(review: ReadingReview | null, page: number | undefined): ReadingReview | null {
  if (!review) return null;
  const unsureWords = page === undefined ? [] : review.unsureWords.filter((word) => word.page !== page);
  const isAllRead = page === undefined;
  return {
    ...review,
    unsureWords,
    lowConfidence:
      review.lowConfidence && unsureWords.some((word) => word.is_number || word.reason === 'low_confidence'),
    warnings: isAllRead ? [] : review.warnings,
  };
}
