import { describe, expect, it } from 'vitest';
import { creditPriceText } from './credit-price';

describe('creditPriceText', () => {
  it('says the price and the balance, each once it is known', () => {
    expect(creditPriceText(1, 10)).toBe('usa 1 crédito · você tem 10');
    expect(creditPriceText(2, 0)).toBe('usa 2 créditos · você tem 0');
    expect(creditPriceText(undefined, 3)).toBe('você tem 3');
    expect(creditPriceText(1, undefined)).toBe('usa 1 crédito');
    expect(creditPriceText(undefined, undefined)).toBe('');
  });
});
