import { Mask } from 'maska';
import { describe, expect, it } from 'vitest';
import { applyMask, MASK_TOKENS } from './masks';

describe('masks', () => {
  it('formats a CPF as ###.###.###-##', () => {
    expect(applyMask('cpf', '52998224725')).toBe('529.982.247-25');
    expect(applyMask('cpf', '529.98a2')).toBe('529.982');
  });

  it('formats mobile and landline phones', () => {
    expect(applyMask('phone', '11987654321')).toBe('(11) 98765-4321');
    expect(applyMask('phone', '1133224455')).toBe('(11) 3322-4455');
  });

  it('formats a CEP', () => {
    expect(applyMask('cep', '01310100')).toBe('01310-100');
  });

  it('has digit, letter and alphanumeric tokens', () => {
    const mask = new Mask({ mask: '@@-##-**', tokens: MASK_TOKENS, tokensReplace: true });
    expect(mask.masked('ab12c3')).toBe('ab-12-c3');
    expect(mask.masked('1a')).toBe('a'); // the digit does not fit a letter slot and is dropped
  });
});
