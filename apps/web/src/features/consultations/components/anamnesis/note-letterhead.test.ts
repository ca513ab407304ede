import { describe, expect, it } from 'vitest';
import { noteLetterhead } from './note-letterhead';

const CRM = { license_type_code: 'CRM', number: '123456', state: 'SP' as const, rqe: '45678' };
const consultation = {
  patient: { name: 'Helena Martins', social_name: null, birth_date: '1972-05-03' },
  created_at: new Date(2026, 10, 26, 14, 30).toISOString(), // 26 Nov 2026, 14:30 local time
};

describe('the note letterhead', () => {
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
});
