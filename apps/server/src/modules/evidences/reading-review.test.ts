import type { TUnsureWord } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import type { ReadingReview } from '../../providers/documents/review-reading';
import { reviewAfterCorrection, unsureNumbersOf } from './reading-review';

const word = (text: string, page: number | null, reason: TUnsureWord['reason'] = 'low_confidence'): TUnsureWord => ({
  text,
  page,
  start: 0,
  end: text.length,
  bbox: null,
  confidence: 40,
  is_number: /\d/.test(text),
  reason,
  expected: null,
});

const review: ReadingReview = {
  unsureShare: 0.2,
  lowConfidence: true,
  unsureWords: [word('(150.000', 1), word('7,350', 1, 'separator'), word('Lcucócitos', 2), word('13,S', 2)],
  warnings: ['check_boxes'],
};

describe('unsureNumbersOf', () => {
  it('gives the numbers of the unsure words, as they stand in the text, once each', () => {
    expect(unsureNumbersOf({ readingReview: review })).toEqual(['150.000', '7,350', '13']);
    expect(unsureNumbersOf({ readingReview: null })).toEqual([]);
  });
});

describe('reviewAfterCorrection', () => {
  it('drops the corrected page’s words; low confidence lasts while unsure words remain', () => {
    const afterPage2 = reviewAfterCorrection(review, 2)!;
    expect(afterPage2).toMatchObject({ unsureShare: 0.2, lowConfidence: true, warnings: ['check_boxes'] });
    expect(afterPage2.unsureWords.map((each) => each.text)).toEqual(['(150.000', '7,350']);
    const afterBoth = reviewAfterCorrection(afterPage2, 1)!;
    expect(afterBoth).toMatchObject({ lowConfidence: false, unsureWords: [] });
  });

  it('keeps low confidence while an unsure number remains, whatever made it unsure', () => {
    const withPair: ReadingReview = { ...review, unsureWords: [word('98.000', 1, 'unparsed'), word('Lcucócitos', 2)] };
    expect(reviewAfterCorrection(withPair, 2)).toMatchObject({ lowConfidence: true });
    expect(reviewAfterCorrection(withPair, 1)).toMatchObject({ lowConfidence: true });
    expect(reviewAfterCorrection(reviewAfterCorrection(withPair, 1), 2)).toMatchObject({ lowConfidence: false });
  });

  it('clears everything once the whole text is corrected', () => {
    expect(reviewAfterCorrection(review, undefined)).toMatchObject({
      lowConfidence: false,
      unsureWords: [],
      warnings: [],
    });
    expect(reviewAfterCorrection(null, 1)).toBeNull();
  });
});
