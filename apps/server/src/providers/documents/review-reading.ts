import type { TEvidenceImageWarning, TUnsureWord } from '@escriba/contract';
import { findSeparatorMistakes } from './number-separators.js';
import { wordsByLine, type OcrText, type OcrWord } from './ocr.js';
import { countResults, findUnparsedPairs } from './value-reference-pairs.js';

// Tesseract's word confidence (0–100) under which a word is unsure: words it reads right on a clean page
// score 85–96; misread ones and right ones it doubts fall below.
export const UNSURE_CONFIDENCE = 60;
// A character's confidence under which a number holding it is unsure, however sure its word (issue 31 §1:
// "TGO 48 U/L" read "18U/L" in a word tesseract was sure of).
export const UNSURE_CHARACTER_CONFIDENCE = 90;
// A reading is low-confidence when it holds an unsure number, or when more than this share of its words are unsure. A clean lab report scores
// 5–8% (its units "/mm³" and bracketed references often score low), the junk readings 18% and more.
export const LOW_CONFIDENCE_SHARE = 0.12;
// A line this unsure throughout (its words' median confidence) is handwriting or a stamp, not print.
const ILLEGIBLE_LINE_CONFIDENCE = 40;
const MIN_ILLEGIBLE_LINE_WORDS = 2;
const COUNTED_WORD = /[\p{L}\p{N}]/u;
const BOX_PRECISION = 10_000;

/** What OCR was unsure of in a file's text. */
export interface ReadingReview {
  unsureShare: number;
  lowConfidence: boolean;
  unsureWords: TUnsureWord[];
  warnings: TEvidenceImageWarning[];
}

/** One page's OCR, as reviewed: its counts are pooled with the other pages'. */
export interface PageReview {
  words: number;
  unsure: number;
  unsureWords: TUnsureWord[];
  warnings: TEvidenceImageWarning[];
}

/** A page read by OCR: its number (null for an image), its words, the size of the image read, the check boxes found. */
export interface OcrPage {
  page: number | null;
  ocr: OcrText;
  width: number;
  height: number;
  checkBoxes: number;
}

/**
 * The words of a page to check against its image: those read with low confidence (for a number, any of
 * its characters), numbers whose separators look wrong for their unit (`number-separators.ts`), and values
 * and references that do not read as one pair (`value-reference-pairs.ts`); with a warning for a form's
 * check boxes and for lines too unsure to be print.
 */
export function reviewPage({ page, ocr, width, height, checkBoxes }: OcrPage): PageReview {
  const counted = ocr.words.filter((word) => COUNTED_WORD.test(word.text));
  const unsure = counted.filter((word) => word.confidence < UNSURE_CONFIDENCE);
  const unsureNumbers = counted.filter(
    (word) =>
      /\d/.test(word.text) &&
      word.confidence >= UNSURE_CONFIDENCE &&
      word.leastSureCharacter < UNSURE_CHARACTER_CONFIDENCE,
  );
  const toUnsureWord = (
    word: OcrWord,
    start = word.start,
    text = word.text,
  ): Omit<TUnsureWord, 'reason' | 'expected'> => ({
    text,
    page,
    start,
    end: start + text.length,
    bbox: {
      x: round(word.box.x0 / width),
      y: round(word.box.y0 / height),
      width: round((word.box.x1 - word.box.x0) / width),
      height: round((word.box.y1 - word.box.y0) / height),
    },
    confidence: Math.round(word.confidence),
    is_number: /\d/.test(text),
  });
  const separators = findSeparatorMistakes(ocr.text).flatMap((mistake) => {
    const word = ocr.words.find((each) => each.start <= mistake.start && mistake.start < each.start + each.text.length);
    return word
      ? [
          {
            ...toUnsureWord(word, mistake.start, mistake.text),
            reason: 'separator' as const,
            expected: mistake.expected,
          },
        ]
      : [];
  });
  const isMarked = (word: OcrWord, marks: readonly TUnsureWord[]) =>
    marks.some((each) => each.start >= word.start && each.start < word.start + word.text.length);
  const lowConfidence = [...unsure, ...unsureNumbers]
    .filter((word) => !isMarked(word, separators))
    .map((word) => ({
      ...toUnsureWord(word),
      confidence: Math.round(Math.min(word.confidence, word.leastSureCharacter)),
      reason: 'low_confidence' as const,
      expected: null,
    }));
  const unparsed = findUnparsedPairs(ocr)
    .filter((word) => !isMarked(word, [...separators, ...lowConfidence]))
    .map((word) => ({ ...toUnsureWord(word), reason: 'unparsed' as const, expected: null }));
  const warnings: TEvidenceImageWarning[] = [];
  if (checkBoxes > 0) warnings.push('check_boxes');
  if (hasIllegibleLine(counted)) warnings.push('handwriting');
  return {
    words: counted.length,
    unsure: unsure.length,
    unsureWords: [...separators, ...lowConfidence, ...unparsed].sort((a, b) => a.start - b.start),
    warnings,
  };
}

/** The pages' reviews pooled into the file's; null when no page was read by OCR. */
export function combineReviews(pages: readonly PageReview[]): ReadingReview | null {
  if (pages.length === 0) return null;
  const words = pages.reduce((sum, page) => sum + page.words, 0);
  const unsure = pages.reduce((sum, page) => sum + page.unsure, 0);
  const unsureShare = words === 0 ? 0 : Math.round((unsure / words) * 1000) / 1000;
  const unsureWords = pages.flatMap((page) => page.unsureWords);
  return {
    unsureShare,
    lowConfidence: unsureShare > LOW_CONFIDENCE_SHARE || unsureWords.some((word) => word.is_number),
    unsureWords,
    warnings: [...new Set(pages.flatMap((page) => page.warnings))],
  };
}

/**
 * Of two readings of one page (two page-segmentation modes), the one that keeps more results beside their
 * names (a value read apart from its analyte is no result), then the one with more words read with confidence.
 */
export function betterReading(first: OcrText, second: OcrText): OcrText {
  const score = (reading: OcrText) => {
    const counted = reading.words.filter((word) => COUNTED_WORD.test(word.text));
    const sure = counted.filter((word) => word.confidence >= UNSURE_CONFIDENCE).length;
    const mean = counted.reduce((sum, word) => sum + word.confidence, 0) / Math.max(1, counted.length);
    return [countResults(reading), sure, mean];
  };
  const [firstScore, secondScore] = [score(first), score(second)];
  const better = secondScore.findIndex((value, index) => value !== firstScore[index]);
  return better !== -1 && secondScore[better]! > firstScore[better]! ? second : first;
}

/** Whether the page's unsure share calls for another reading. */
export function isUnsure(review: PageReview): boolean {
  return review.words > 0 && review.unsure / review.words > LOW_CONFIDENCE_SHARE;
}

function hasIllegibleLine(words: readonly OcrWord[]): boolean {
  return wordsByLine(words).some((line) => {
    if (line.length < MIN_ILLEGIBLE_LINE_WORDS) return false;
    const confidences = line.map((word) => word.confidence).sort((a, b) => a - b);
    return confidences[Math.floor(confidences.length / 2)]! < ILLEGIBLE_LINE_CONFIDENCE;
  });
}

const round = (value: number) => Math.round(value * BOX_PRECISION) / BOX_PRECISION;
