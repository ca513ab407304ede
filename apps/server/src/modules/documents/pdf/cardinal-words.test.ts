import { describe, expect, it } from 'vitest';
import { cardinalWords } from './cardinal-words';

describe('cardinalWords', () => {
  it.each([
    [1, 'um'],
    [3, 'três'],
    [10, 'dez'],
    [14, 'quatorze'],
    [20, 'vinte'],
    [21, 'vinte e um'],
    [90, 'noventa'],
    [100, 'cem'],
    [101, 'cento e um'],
    [115, 'cento e quinze'],
    [120, 'cento e vinte'],
    [200, 'duzentos'],
    [365, 'trezentos e sessenta e cinco'],
    [999, 'novecentos e noventa e nove'],
  ])('writes %i as "%s"', (value, words) => {
    expect(cardinalWords(value)).toBe(words);
  });

  it('refuses what has no words here', () => {
    expect(() => cardinalWords(0)).toThrow(RangeError);
    expect(() => cardinalWords(1000)).toThrow(RangeError);
    expect(() => cardinalWords(2.5)).toThrow(RangeError);
  });
});
