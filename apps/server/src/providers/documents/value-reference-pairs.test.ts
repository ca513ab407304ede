import { describe, expect, it } from 'vitest';
import { surePage } from '../../../test/ocr-pages';
import { countResults, findUnparsedPairs, hasValuesApart } from './value-reference-pairs';

const unparsed = (text: string) => findUnparsedPairs(surePage(text)).map((word) => word.text);

const REPORT = `Paciente: Helena Souza Lima Data da coleta: 14/11/2026
CNPJ 00.000.000/0001-00 CRM-SP 123456
Hemoglobina 10,8 g/dL (12,0 a 15,5)
Leucócitos 12.400 /mm³ (4.000 a 11.000)
TGO (AST) 48 U/L (até 40)
Glicose 87 mg/dL (70a99)
Proteínas 0,3 g/L (inferior a 0,1)
HbA1c 6,1 % (até 5,6)
Urina: bactérias 2+ (Negativo)`;

describe('findUnparsedPairs', () => {
  it('leaves a report read as printed alone: dates, codes, glued ranges, HbA1c, words for a reference', () => {
    expect(unparsed(REPORT)).toEqual([]);
    expect(unparsed('Glicose 87 mg/dL 70 a 99\nTGO 48 U/L até 40\nDensidade 1.025 1.005 a 1.030')).toEqual([]);
  });

  it.each([
    [
      'a value whose decimals differ from its reference’s (a lost comma)',
      'Creatinina 13mg/dl (0,5a1,1)',
      ['13mg/dl', '(0,5a1,1)'],
    ],
    ['a unit letter read as a digit', 'Hemoglobina 10,89/dL (12,0 a 15,5)', ['10,89/dL', '(12,0', '15,5)']],
    ['a range whose bounds are out of order', 'Ácido úrico 6,7 mg/dL (24a5,7)', ['6,7', '(24a5,7)']],
    ['a range whose bounds are out of order, in a table', 'Ácido úrico 6,7 mg/dL 24a5,7', ['6,7', '24a5,7']],
    [
      'a range’s “a” read as a digit',
      'Plaquetas 245.000 /mm³ (150.000 2 450.000)',
      ['245.000', '(150.000', '2', '450.000)'],
    ],
    ['a reference whose bracket does not close', 'Plaquetas 98.000 /mm³ (150.000 a', ['98.000', '(150.000']],
    ['a reference’s bound lost', 'Plaquetas 98.000 /mm³ (150.000 a)', ['98.000', '(150.000']],
    ['a value lost before its reference', 'Plaquetas /mm³ (150.000 a 450.000)', ['(150.000', '450.000)']],
    ['a digit between the letters of a name', 'TG6O (AST) 48 U/L (até 40)', ['TG6O']],
    ['a letter among the digits of a value', 'Hemoglobina 1O,8 g/dL', ['1O,8']],
  ])('marks %s', (_, line, words) => {
    expect(unparsed(line)).toEqual(words);
  });

  it('marks a value whose reference was lost where the page’s other results have one', () => {
    const lines = REPORT.split('\n').slice(2, 6);
    expect(unparsed([...lines, 'Plaquetas 98.000 /mm³'].join('\n'))).toEqual(['98.000']);
    // Without results enough to tell, a value without a reference is as printed.
    expect(unparsed('Hemoglobina 10,8 g/dL (12,0 a 15,5)\nPlaquetas 98.000 /mm³')).toEqual([]);
  });
});

describe('reading a table', () => {
  const rows = 'Hemoglobina 10,8 g/dL 12,0 a 15,5\nLeucócitos 12.400 /mm³ 4.000 a 11.000\nGlicose 87 mg/dL 70 a 99';
  const columns =
    'Hemoglobina\nLeucócitos\nGlicose\n10,8 g/dL\n12.400 /mm³\n87 mg/dL\n12,0 a 15,5\n4.000 a 11.000\n70 a 99';

  it('counts the results kept beside their names, and tells values read apart from them', () => {
    expect(countResults(surePage(rows))).toBe(3);
    expect(countResults(surePage(columns))).toBe(0);
    expect(hasValuesApart(surePage(rows))).toBe(false);
    expect(hasValuesApart(surePage(columns))).toBe(true);
  });
});
