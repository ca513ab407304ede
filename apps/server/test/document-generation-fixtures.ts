import type { TDocumentContents, TDocumentKind, TFieldSources } from '@escriba/contract';
import { prescribed } from './documents-test-setup';

// After the scene's three lines (T0–T2): what the professional said she would do.
export const PLAN = [
  'Vou prescrever dipirona 500 mg, um comprimido de seis em seis horas se tiver dor, por cinco dias.',
  'Vou pedir um hemograma e uma ressonância de crânio, e te encaminhar para o neurologista.',
  'Se a dor piorar muito ou vier com vômitos, procure o pronto-socorro. Retorno em 30 dias com os exames.',
];

const segment = (seq: number) => ({ seq, start: seq * 8, end: seq * 8 + 8 });
export const NONE: TFieldSources = { transcript: [], evidence: [], user_context: false };
/** Sources as stored: transcript seqs, pages of the scene's PDF (null: the whole file), the context. */
function citing(evidenceId: string) {
  return (seqs: number[], pages: (number | null)[] = [], userContext = false): TFieldSources => {
    const evidence = pages.map((page) => ({ evidence_id: evidenceId, file_name: 'exame.pdf', page }));
    return { transcript: seqs.map(segment), evidence, user_context: userContext };
  };
}

/** What the model answers for each kind, citing labels as it saw them, some invented. */
export const ANSWERS: Record<TDocumentKind, unknown> = {
  receita: {
    type: 'simples',
    items: [
      prescribed(['T3', 'T99']),
      prescribed(['[T2 00:16–00:24]', 'C'], {
        medication: 'Losartana',
        dose: '50 mg',
        quantity: 'Não informado',
        instructions: '1 comprimido pela manhã',
        route: '',
        continuous: true,
      }),
      // Says nothing: dropped.
      prescribed(['T1'], { medication: '', dose: '', form: '', instructions: '', route: '' }),
    ],
  },
  atestado: {
    days: 5,
    start_date: '2026-13-45',
    purpose: { text: 'Repouso e tratamento de saúde', sources: ['T5'] },
    period_sources: ['T5'],
  },
  exames: {
    items: [
      { exam: 'Hemograma completo', justification: '', sources: ['T4'] },
      { exam: 'Ressonância magnética de crânio', justification: 'Cefaleia há três dias', sources: ['T4', 'T0'] },
    ],
    clinical_indication: { text: 'Cefaleia há três dias, pior à noite.', sources: ['T0', 'T1'] },
  },
  encaminhamento: {
    specialty: { text: 'Neurologia', sources: ['T4'] },
    reason: { text: 'Cefaleia há três dias.', sources: ['T0'] },
    clinical_summary: { text: 'Cefaleia pior à noite; glicemia 98 mg/dL.', sources: ['T1', 'E1 p.2', 'E1 p.9'] },
    question: { text: '', sources: ['T4'] },
  },
  orientacoes: {
    what_to_do: [{ text: 'Tome a dipirona se tiver dor.', sources: ['T3'] }],
    warning_signs: [{ text: 'Se a dor piorar muito ou vier com vômitos, vá ao pronto-socorro.', sources: ['T5'] }],
    when_to_return: { text: 'Volte em 30 dias com os exames.', sources: ['T5', 'C'] },
  },
  relatorio: {
    sections: [
      { title: 'História clínica', text: 'Cefaleia há três dias, pior à noite.', sources: ['T0', 'T1'] },
      { title: 'Exames complementares', text: 'Glicemia 98 mg/dL.', sources: ['E1 p.2'] },
    ],
  },
};

/** What is stored from those answers: invented labels dropped, "Não informado" empty, an empty text citing nothing. */
export function expectedContent(evidenceId: string): TDocumentContents {
  const cited = citing(evidenceId);
  return {
    receita: {
      type: 'simples',
      items: [
        prescribed(cited([3])),
        prescribed(cited([2], [], true), {
          medication: 'Losartana',
          dose: '50 mg',
          instructions: '1 comprimido pela manhã',
          route: '',
          continuous: true,
        }),
      ],
    },
    // The professional's 3 days win over the model's 5; a date that does not exist is empty; the CID asked for is
    // the first confirmed diagnosis.
    atestado: {
      days: 3,
      start_date: null,
      purpose: { text: 'Repouso e tratamento de saúde', sources: cited([5]) },
      period_sources: cited([5]),
      cid: { code: 'R51', description: 'Cefaléia' },
    },
    exames: {
      items: [
        { exam: 'Hemograma completo', justification: '', sources: cited([4]) },
        { exam: 'Ressonância magnética de crânio', justification: 'Cefaleia há três dias', sources: cited([0, 4]) },
      ],
      clinical_indication: { text: 'Cefaleia há três dias, pior à noite.', sources: cited([0, 1]) },
      // Every confirmed diagnosis, in order; never the suggestion not confirmed.
      cids: [
        { code: 'R51', description: 'Cefaléia' },
        { code: 'I10', description: 'Hipertensão essencial (primária)' },
      ],
    },
    encaminhamento: {
      specialty: { text: 'Neurologia', sources: cited([4]) },
      reason: { text: 'Cefaleia há três dias.', sources: cited([0]) },
      clinical_summary: { text: 'Cefaleia pior à noite; glicemia 98 mg/dL.', sources: cited([1], [2]) },
      question: { text: '', sources: NONE },
    },
    orientacoes: {
      what_to_do: [{ text: 'Tome a dipirona se tiver dor.', sources: cited([3]) }],
      warning_signs: [
        { text: 'Se a dor piorar muito ou vier com vômitos, vá ao pronto-socorro.', sources: cited([5]) },
      ],
      when_to_return: { text: 'Volte em 30 dias com os exames.', sources: cited([5], [], true) },
    },
    relatorio: {
      sections: [
        { title: 'História clínica', text: 'Cefaleia há três dias, pior à noite.', sources: cited([0, 1]) },
        { title: 'Exames complementares', text: 'Glicemia 98 mg/dL.', sources: cited([], [2]) },
      ],
    },
  };
}
