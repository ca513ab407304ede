import type { TDocumentContents, TPrescriptionItem, TPrescriptionType } from '@escriba/contract';

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
  controle_especial: {
    title: 'Controle especial',
    hint: 'Listas B e C da Portaria 344/98: impressa em duas vias (1ª via farmácia, 2ª via paciente).',
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
