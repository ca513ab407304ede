import { describe, expect, it } from 'vitest';
import { toPatientValues, ZPatientForm } from './patient-form';

describe('patient forms', () => {
  it('turn blank optional fields into null and masked text into digits', () => {
    const parsed = ZPatientForm.parse({
      ...toPatientValues(),
      name: 'Helena Martins',
      social_name: '',
      birth_date: '1972-05-03',
      sex: 'female',
      cpf: '529.982.247-25',
      phone: '(11) 98765-4321',
      email: '',
    });
    expect(parsed).toEqual({
      name: 'Helena Martins',
      social_name: null,
      birth_date: '1972-05-03',
      sex: 'female',
      cpf: '52998224725',
      phone: '11987654321',
      email: null,
      address: null,
      health_insurance: null,
      notes: null,
    });
  });

  it('leave the address and health plan out when blank, and check them when started', () => {
    const blank = { ...toPatientValues(), name: 'Lucas Almeida' };
    expect(ZPatientForm.parse(blank)).toMatchObject({ address: null, health_insurance: null, notes: null });

    const started = ZPatientForm.safeParse({ ...blank, address: { ...blank.address, cep: '01310-100' } });
    const paths = started.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['address.street', 'address.state']));
  });

  it('refuse a CPF whose check digits are wrong', () => {
    const result = ZPatientForm.safeParse({ ...toPatientValues(), name: 'Ana', cpf: '529.982.247-26' });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['cpf']);
  });
});
