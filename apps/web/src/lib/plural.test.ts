import { describe, expect, it } from 'vitest';
import { formatCount, nounFor } from './plural';

describe('plural', () => {
  it('takes the singular for one only', () => {
    expect(formatCount(1, 'crédito', 'créditos')).toBe('1 crédito');
    expect(formatCount(0, 'crédito', 'créditos')).toBe('0 créditos');
    expect(formatCount(2, 'sessão ativa', 'sessões ativas')).toBe('2 sessões ativas');
    expect(nounFor(1, 'arquivo', 'arquivos')).toBe('arquivo');
    expect(nounFor(12, 'arquivo', 'arquivos')).toBe('arquivos');
  });
});
