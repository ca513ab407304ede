import { describe, expect, it } from 'vitest';
import { ocrPage as page } from '../../../test/ocr-pages';
import type { OcrText } from './ocr';
import { betterReading, combineReviews, reviewPage } from './review-reading';

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

  it('marks a number one of whose characters is unsure, however sure its word; not a word without digits', () => {
    const reviewed = review(
      page([
        [
          ['TGO', 95, 70],
          ['18U/L', 91, 62],
          ['(até', 95],
          ['40)', 95, 97],
        ],
      ]),
    );
    expect(reviewed).toMatchObject({ words: 4, unsure: 0 });
    expect(reviewed.unsureWords).toEqual([
      expect.objectContaining({ text: '18U/L', reason: 'low_confidence', confidence: 62, is_number: true }),
    ]);
    expect(combineReviews([reviewed])).toMatchObject({ unsureShare: 0, lowConfidence: true });
  });

  it('marks a value and its reference that do not read as a pair', () => {
    const reviewed = review(
      page([
        [
          ['Creatinina', 96],
          ['13', 93],
          ['mg/dL', 92],
          ['(0,5', 94],
          ['a', 95],
          ['1,1)', 95],
        ],
      ]),
    );
    expect(reviewed.unsureWords.map(({ text, reason }) => [text, reason])).toEqual([
      ['13', 'unparsed'],
      ['(0,5', 'unparsed'],
      ['1,1)', 'unparsed'],
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

  it('keeps the reading that keeps results beside their names, before more sure words', () => {
    const rows = page([
      [
        ['Glicose', 80],
        ['87', 50],
        ['mg/dL', 50],
      ],
      [
        ['Creatinina', 80],
        ['1,3', 50],
        ['mg/dL', 50],
      ],
    ]);
    const columns = page([
      [['Glicose', 96]],
      [['Creatinina', 96]],
      [
        ['87', 95],
        ['mg/dL', 95],
      ],
      [
        ['1,3', 95],
        ['mg/dL', 95],
      ],
    ]);
    expect(betterReading(columns, rows)).toBe(rows);
    expect(betterReading(rows, columns)).toBe(rows);
  });
});
