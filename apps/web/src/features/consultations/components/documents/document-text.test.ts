import type { TFieldSources } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { documentPlainText, documentSections } from './document-text';

const cited: TFieldSources = { transcript: [{ seq: 9, start: 54, end: 60 }], evidence: [], user_context: false };
const none: TFieldSources = { transcript: [], evidence: [], user_context: false };
const line = {
  medication: 'Losartana',
  dose: '50 mg',
  form: 'comprimido',
  quantity: '30 comprimidos',
  instructions: 'Tomar 1 comprimido de manhã',
  route: 'oral',
  continuous: true,
  sources: cited,
};

describe('documentSections', () => {
  it('numbers a receita line as a pharmacist reads it, leaving out what was not said', () => {
    const sections = documentSections({
      kind: 'receita',
      content: {
        type: 'simples',
        items: [
          line,
          {
            ...line,
            medication: 'Dipirona',
            dose: '500 mg',
            form: '',
            quantity: '',
            instructions: '',
            route: '',
            continuous: false,
          },
        ],
      },
    });
    expect(sections).toEqual([
      {
        title: '1. Losartana 50 mg, comprimido',
        lines: ['Quantidade: 30 comprimidos', 'Posologia: Tomar 1 comprimido de manhã', 'Via: oral', 'Uso contínuo'],
      },
      { title: '2. Dipirona 500 mg', lines: [] },
    ]);
  });

  it('heads a receita of a type other than simples with its type, and what the type asks of it', () => {
    const heading = (type: 'controle_especial' | 'antimicrobiano' | 'notificacao') =>
      documentSections({ kind: 'receita', content: { type, items: [line] } })[0];
    expect(heading('controle_especial')).toEqual({ title: 'Controle especial', lines: [] });
    expect(heading('antimicrobiano')).toEqual({
      title: 'Antimicrobiano',
      lines: ['Válida por 10 dias a partir da data de emissão.'],
    });
    expect(heading('notificacao')).toEqual({
      title: 'Notificação de Receita',
      lines: ['Requer Notificação de Receita numerada pela vigilância sanitária.'],
    });
  });

  it('writes an atestado with its period, purpose and CID, and drops the parts the consultation left empty', () => {
    const cid = { code: 'G44.2', description: 'Cefaléia tensional' };
    expect(
      documentSections({
        kind: 'atestado',
        content: {
          days: 2,
          start_date: '2026-03-10',
          purpose: { text: '', sources: none },
          period_sources: cited,
          cid,
        },
      }),
    ).toEqual([
      { title: 'Afastamento', lines: ['Dias de afastamento: 2 dias', 'A partir de: 10/03/2026'] },
      { title: 'CID-10', lines: ['G44.2 — Cefaléia tensional'] },
    ]);
  });

  it('lists the guidance for the patient as bullets under plain titles', () => {
    const text = documentPlainText('Orientações ao paciente', {
      kind: 'orientacoes',
      content: {
        what_to_do: [
          { text: 'Durma pelo menos sete horas.', sources: none },
          { text: '', sources: none },
        ],
        warning_signs: [{ text: 'Procure um pronto-socorro se tiver febre.', sources: cited }],
        when_to_return: { text: '', sources: none },
      },
    });
    expect(text).toBe(
      [
        'Orientações ao paciente',
        'O que fazer\n- Durma pelo menos sete horas.',
        'Sinais de alerta: volte ou procure um pronto-socorro\n- Procure um pronto-socorro se tiver febre.',
      ].join('\n\n'),
    );
  });

  it('keeps the exams numbered with their justification, then the clinical indication and the codes', () => {
    expect(
      documentSections({
        kind: 'exames',
        content: {
          items: [
            { exam: 'Hemograma', justification: 'Cansaço', sources: none },
            { exam: 'TSH', justification: '', sources: none },
          ],
          clinical_indication: { text: 'Cefaleia tensional crônica.', sources: cited },
          cids: [{ code: 'G44.2', description: 'Cefaléia tensional' }],
        },
      }),
    ).toEqual([
      { title: 'Exames solicitados', lines: ['1. Hemograma', '   Justificativa: Cansaço', '2. TSH'] },
      { title: 'Indicação clínica', lines: ['Cefaleia tensional crônica.'] },
      { title: 'CID-10', lines: ['G44.2 — Cefaléia tensional'] },
    ]);
  });
});
