import { describe, expect, it } from 'vitest';
import { aiDisclosure, credentialsText, licenseText } from './credentials';

const CRM = { license_type_code: 'CRM', number: '123456', state: 'SP' as const, rqe: '45678' };

describe('a professional’s credentials on a document', () => {
  it('writes a license as council/UF then the number, whatever the council', () => {
    expect(licenseText(CRM)).toBe('CRM/SP 123456');
    expect(licenseText({ license_type_code: 'CRP', number: '06/12345', state: 'RS', rqe: null })).toBe(
      'CRP/RS 06/12345',
    );
  });

  it('adds the RQE to the credentials only when there is one', () => {
    expect(credentialsText(CRM)).toBe('CRM/SP 123456 · RQE nº 45678');
    expect(credentialsText({ ...CRM, rqe: null })).toBe('CRM/SP 123456');
  });

  it('closes a note with the AI line, citing the CFM rule for a physician only', () => {
    expect(aiDisclosure({ name: 'Mariana Tavares', license: CRM })).toBe(
      'Texto redigido com auxílio de assistente de inteligência artificial (Escriba) e revisado por ' +
        'Mariana Tavares (CRM/SP 123456). Uso registrado conforme a Resolução CFM nº 2.454/2026.',
    );
    expect(aiDisclosure({ name: 'Paulo Lima', license: undefined })).toBe(
      'Texto redigido com auxílio de assistente de inteligência artificial (Escriba) e revisado por Paulo Lima.',
    );
    expect(
      aiDisclosure({
        name: 'Rita Dias',
        license: { license_type_code: 'COREN', number: '998877', state: 'BA', rqe: null },
      }),
    ).toBe(
      'Texto redigido com auxílio de assistente de inteligência artificial (Escriba) e revisado por Rita Dias (COREN/BA 998877).',
    );
  });
});
