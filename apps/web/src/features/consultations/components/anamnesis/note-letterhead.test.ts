import { describe, expect, it } from 'vitest';
import { aiDisclosure, credentialsText, licenseText, noteLetterhead } from './note-letterhead';

const CRM = { license_type_code: 'CRM', number: '123456', state: 'SP' as const, rqe: '45678' };
const consultation = {
  patient: { name: 'Helena Martins', social_name: null, birth_date: '1972-05-03' },
  created_at: new Date(2026, 10, 26, 14, 30).toISOString(), // 26 Nov 2026, 14:30 local time
};

describe('the note letterhead', () => {
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

  it('heads the note with the professional, the patient with her birth date, and the consultation', () => {
    expect(noteLetterhead({ name: 'Mariana Tavares', license: CRM }, consultation).rows).toEqual([
      { label: 'Profissional', value: 'Mariana Tavares · CRM/SP 123456 · RQE nº 45678' },
      { label: 'Paciente', value: 'Helena Martins · nascimento em 03/05/1972' },
      { label: 'Consulta', value: '26/11/2026, 14:30' },
    ]);
  });

  it('names a professional without a license by name alone, and a patient by social then civil name', () => {
    const patient = { name: 'João Souza', social_name: 'Joana Souza', birth_date: null };
    expect(noteLetterhead({ name: 'Paulo Lima', license: undefined }, { ...consultation, patient }).rows).toEqual([
      { label: 'Profissional', value: 'Paulo Lima' },
      { label: 'Paciente', value: 'Joana Souza (nome civil: João Souza)' },
      { label: 'Consulta', value: '26/11/2026, 14:30' },
    ]);
  });

  it('closes with the AI line, citing the CFM rule for a physician only', () => {
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
