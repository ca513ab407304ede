import { describe, expect, it } from 'vitest';
import { isSameWord } from './same-word';

describe('isSameWord', () => {
  it.each([
    ['vomito', 'vomitos'],
    ['perda', 'perdeu'],
    ['alergica', 'alergia'],
    ['hipertensa', 'hipertensao'],
    ['direita', 'direito'],
    ['nausea', 'nauseas'],
  ])('%s and %s are one word', (a, b) => expect(isSameWord(a, b)).toBe(true));

  it.each([
    ['cabeca', 'cabelo'],
    ['febre', 'febril'],
    ['dor', 'dorso'],
    ['peso', 'pescoco'],
  ])('%s and %s are not', (a, b) => expect(isSameWord(a, b)).toBe(false));
});
