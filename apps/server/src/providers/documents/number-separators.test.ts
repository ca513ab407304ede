import { describe, expect, it } from 'vitest';
import { findSeparatorMistakes } from './number-separators';

const flagged = (text: string) => findSeparatorMistakes(text).map(({ text, expected }) => ({ text, expected }));

describe('findSeparatorMistakes', () => {
  it('flags a count per mm³ whose thousands were read with a comma, expecting the dot', () => {
    expect(flagged('LEUCÓCITOS ........ 7,350 /mm³ (4.000 a 11.000)')).toEqual([{ text: '7,350', expected: '7.350' }]);
    expect(flagged('Leucócitos 7,350')).toEqual([{ text: '7,350', expected: '7.350' }]);
    expect(flagged('Plaquetas 245,000 /mMm? (150.000 a 450.000)')).toEqual([{ text: '245,000', expected: '245.000' }]);
  });

  it('flags a count per mm³ that is not a whole number, without guessing what it was', () => {
    expect(flagged('Leucócitos 7,35 /mm3')).toEqual([{ text: '7,35', expected: null }]);
    expect(flagged('Leucócitos 7.35 /uL')).toEqual([{ text: '7.35', expected: null }]);
  });

  it('leaves counts written right, counts with a multiplier, and the percentages of a blood count', () => {
    expect(flagged('Leucócitos 7.350 /mm³ (4.000 a 11.000)')).toEqual([]);
    expect(flagged('Hemácias 4,52 milhões/mm³')).toEqual([]);
    expect(flagged('Leucócitos 7,35 x10³/µL')).toEqual([]);
    expect(flagged('Neutrófilos 60,5 % 4.410 /mm³')).toEqual([]);
    expect(flagged('Hemoglobina 13,5 g/dL')).toEqual([]);
  });

  it('flags a decimal against the document’s own convention', () => {
    const report = 'Hemoglobina 13.5 g/dL (12,0 a 15,5)\nCreatinina 0,9 mg/dL (0,5 a 1,1)';
    expect(flagged(report)).toEqual([{ text: '13.5', expected: '13,5' }]);
    const english = 'Hemoglobin 13.5 g/dL (12.0 to 15.5)\nCreatinine 0,9 mg/dL (0.5 to 1.1)';
    expect(flagged(english)).toEqual([{ text: '0,9', expected: '0.9' }]);
  });

  it('needs a clear convention, and leaves dates, codes and identifiers alone', () => {
    expect(flagged('Hemoglobina 13.5 g/dL (12,0 a 15,5)')).toEqual([]);
    expect(flagged('13.5 e 12,0 e 1.1 e 0,5')).toEqual([]);
    expect(
      flagged('CNPJ 00.000.000/0001-00, coleta 14/11/2026, 10:30, CRM-SP 123456, v1.2, 0,5 0,7 0,9 1.2.3'),
    ).toEqual([]);
  });
});
