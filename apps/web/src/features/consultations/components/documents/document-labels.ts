import type { TDocumentContents, TDocumentKind, TPrescriptionItem, TPrescriptionType } from '@escriba/contract';

/** The words of a receita line, on the page and wherever the document leaves it. */
export const PRESCRIPTION_LABELS: Record<Exclude<keyof TPrescriptionItem, 'sources'>, string> = {
  medication: 'Medicamento',
  dose: 'Dose / concentração',
  form: 'Forma',
  quantity: 'Quantidade',
  instructions: 'Posologia',
  route: 'Via',
  continuous: 'Uso contínuo',
};

export const PRESCRIPTION_TYPES: Record<TPrescriptionType, { title: string; hint: string }> = {
  simples: { title: 'Receita simples', hint: 'Uma via.' },
  antimicrobiano: {
    title: 'Antimicrobiano',
    hint: 'RDC 471/2021: duas vias (1ª via farmácia, 2ª via paciente), válida por 10 dias a partir da emissão.',
  },
  controle_especial: {
    title: 'Controle especial',
    hint: 'Listas C1 e C5 da Portaria 344/98: duas vias (1ª via farmácia, 2ª via paciente).',
  },
  notificacao: {
    title: 'Notificação de Receita',
    hint: 'Listas A e B da Portaria 344/98: requer a notificação numerada da vigilância sanitária.',
  },
};

type Paragraphs<K extends keyof TDocumentContents> = {
  [P in keyof TDocumentContents[K] as TDocumentContents[K][P] extends { text: string } ? P : never]: string;
};

export const EXAMS_TITLES: Paragraphs<'exames'> = { clinical_indication: 'Indicação clínica' };

export const REFERRAL_TITLES: Paragraphs<'encaminhamento'> = {
  specialty: 'Especialidade',
  reason: 'Motivo do encaminhamento',
  clinical_summary: 'Resumo clínico',
  question: 'Pergunta ao especialista',
};

export const GUIDANCE_TITLES = {
  what_to_do: 'O que fazer',
  warning_signs: 'Sinais de alerta: volte ou procure um pronto-socorro',
  when_to_return: 'Quando voltar',
} as const satisfies Record<keyof TDocumentContents['orientacoes'], string>;

export const CERTIFICATE_TITLES = {
  days: 'Dias de afastamento',
  start_date: 'A partir de',
  purpose: 'Finalidade',
  cid: 'CID-10',
} as const;

const LINE_TITLES: Partial<Record<string, string>> = {
  'receita items': 'Medicamento',
  'exames items': 'Exame',
  'orientacoes what_to_do': 'Orientação',
  'orientacoes warning_signs': 'Sinal de alerta',
  'relatorio sections': 'Seção',
};
const PART_TITLES: Partial<Record<string, string>> = {
  ...EXAMS_TITLES,
  ...REFERRAL_TITLES,
  ...GUIDANCE_TITLES,
  ...CERTIFICATE_TITLES,
};

/** A part of a document as the page names it, from its path in the content (`items.0` of a receita: "Medicamento 1"). */
export function partTitle(kind: TDocumentKind, part: string): string {
  const [key = part, index] = part.split('.');
  const line = index === undefined ? undefined : LINE_TITLES[`${kind} ${key}`];
  if (line) return `${line} ${Number(index) + 1}`;
  return PART_TITLES[key] ?? part;
}
