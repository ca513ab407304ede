import { describe, expect, it } from 'vitest';
import { validarMetadata } from './validar-metadata';

const CRM = { license_type_code: 'CRM', number: '123456', state: 'SP' as const };

describe('the metadata of ITI’s validator', () => {
  it('names the type of each PDF and the physician’s CRM number and UF, each key an OID', () => {
    expect(validarMetadata('receita', CRM)).toEqual({
      '2.16.76.1.12.1.1': '',
      '2.16.76.1.4.2.2.1': '123456',
      '2.16.76.1.4.2.2.2': 'SP',
    });
    expect(Object.keys(validarMetadata('atestado', CRM))[0]).toBe('2.16.76.1.12.1.2');
    expect(Object.keys(validarMetadata('exames', CRM))[0]).toBe('2.16.76.1.12.1.3');
    expect(Object.keys(validarMetadata('relatorio', CRM))[0]).toBe('2.16.76.1.12.1.11');
    expect(Object.keys(validarMetadata('encaminhamento', CRM))[0]).toBe('2.16.76.1.12.1.11');
    expect(Object.keys(validarMetadata('anamnesis', CRM))[0]).toBe('2.16.76.1.12.1.6');
  });

  it('gives orientações no type, which the guide does not define', () => {
    expect(validarMetadata('orientacoes', CRM)).toEqual({ '2.16.76.1.4.2.2.1': '123456', '2.16.76.1.4.2.2.2': 'SP' });
  });

  it('writes a pharmacist’s CRF under its arc, and no council for one the guide does not define or without a license', () => {
    expect(validarMetadata('receita', { license_type_code: 'CRF', number: '9876', state: 'RJ' })).toEqual({
      '2.16.76.1.12.1.1': '',
      '2.16.76.1.4.2.3.1': '9876',
      '2.16.76.1.4.2.3.2': 'RJ',
    });
    expect(validarMetadata('receita', { license_type_code: 'CRO', number: '5555', state: 'MG' })).toEqual({
      '2.16.76.1.12.1.1': '',
    });
    expect(validarMetadata('atestado', undefined)).toEqual({ '2.16.76.1.12.1.2': '' });
  });
});
