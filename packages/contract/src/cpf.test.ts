import { describe, expect, it } from 'vitest';
import { isValidCpf, ZCpf } from './cpf';

describe('CPF', () => {
  it('accepts CPFs whose check digits match, formatted or not', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(ZCpf.parse('529.982.247-25')).toBe('52998224725');
  });

  it('refuses wrong check digits, wrong lengths and repeated digits', () => {
    for (const cpf of ['529.982.247-24', '5299822472', '111.111.111-11', '000.000.000-00', 'abc.def.ghi-jk']) {
      expect(ZCpf.safeParse(cpf).success, cpf).toBe(false);
    }
  });
});
