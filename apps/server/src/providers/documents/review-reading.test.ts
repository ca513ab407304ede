import { describe, expect, it } from 'vitest';
import type { OcrText, OcrWord } from './ocr';
import { betterReading, combineReviews, reviewPage } from './review-reading';

/** A page of words, one line per array, each word with its confidence. */
function page(lines: [string, number][][]): OcrText {
  const words: OcrWord[] = [];
  let text = '';
  lines.forEach((line, index) => {
    if (index > 0) text += '\n';
    line.forEach(([word, confidence], position) => {
      if (position > 0) text += ' ';
      words.push({
        text: word,
        start: text.length,
        confidence,
        box: { x0: 10, y0: 20 * index, x1: 60, y1: 20 * index + 15 },
        line: index,
      });
      text += word;
    });
  });
  return { text, words };
}

const review = (ocr: OcrText, checkBoxes = 0) => reviewPage({ page: 2, ocr, width: 100, height: 100, checkBoxes });

describe('reviewPage', () => {
  it('marks words under 60% confidence, and numbers whose separators are wrong for their unit', () => {
    const reviewed = review(
      page([
        [
          ['Leucócitos', 91],
          ['7,350', 88],
          ['/mm³', 40],
        ],
        [
          ['Hemoglobina', 95],
          ['13,S', 31],
        ],
      ]),
    );
    expect(reviewed).toMatchObject({ words: 5, unsure: 2, warnings: [] });
    expect(reviewed.unsureWords).toEqual([
      {
        text: '7,350',
        page: 2,
        start: 11,
        end: 16,
        bbox: { x: 0.1, y: 0, width: 0.5, height: 0.15 },
        confidence: 88,
        is_number: true,
        reason: 'separator',
        expected: '7.350',
      },
      expect.objectContaining({ text: '/mm³', reason: 'low_confidence', is_number: false, confidence: 40 }),
      expect.objectContaining({ text: '13,S', start: 34, reason: 'low_confidence', is_number: true }),
    ]);
  });

  it('does not count punctuation, and warns about check boxes and lines too unsure to be print', () => {
    const reviewed = review(
      page([
        [
          ['Sim', 95],
          ['—', 10],
        ],
        [
          ['Aswl', 20],
          ['dmo', 35],
          ['x', 80],
        ],
      ]),
      4,
    );
    expect(reviewed.words).toBe(4);
    expect(reviewed.warnings).toEqual(['check_boxes', 'handwriting']);
  });
});

describe('combineReviews', () => {
  it('pools the pages: low-confidence past 12% of unsure words', () => {
    const sure = review(
      page([
        [
          ['Hemoglobina', 95],
          ['13,5', 93],
          ['g/dL', 90],
          ['normal', 96],
        ],
      ]),
    );
    const unsure = review(
      page([
        [
          ['Lcucócitos', 30],
          ['7.850', 92],
        ],
      ]),
    );
    expect(combineReviews([sure])).toMatchObject({ unsureShare: 0, lowConfidence: false });
    expect(combineReviews([sure, unsure])).toMatchObject({ unsureShare: 0.167, lowConfidence: true });
    expect(combineReviews([])).toBeNull();
  });
});

describe('betterReading', () => {
  it('keeps the reading with more sure words', () => {
    const auto = page([
      [
        ['Longe', 95],
        ['|-2,25', 20],
        ['-0.75|', 30],
      ],
    ]);
    const block = page([
      [
        ['Longe', 95],
        ['-2,25', 90],
        ['-0,75', 91],
      ],
    ]);
    expect(betterReading(auto, block)).toBe(block);
    expect(betterReading(block, auto)).toBe(block);
  });
});
