import { z } from 'zod';

/** The documents of a visit, by the value their path takes (`POST …/documents/{kind}`). */
export const DOCUMENT_KINDS = ['receita', 'atestado', 'exames', 'encaminhamento', 'orientacoes', 'relatorio'] as const;
export const ZDocumentKind = z.enum(
  DOCUMENT_KINDS,
  'Use receita, atestado, exames, encaminhamento, orientacoes ou relatorio',
);
export type TDocumentKind = z.infer<typeof ZDocumentKind>;

/** Each kind's title, as the page and the printed document name it. */
export const DOCUMENT_KIND_TITLES: Record<TDocumentKind, string> = {
  receita: 'Receita',
  atestado: 'Atestado',
  exames: 'Solicitação de exames',
  encaminhamento: 'Encaminhamento',
  orientacoes: 'Orientações ao paciente',
  relatorio: 'Relatório médico',
};

/** The prompt purpose that drafts each kind: `document_{kind}`. */
export const DOCUMENT_PROMPT_PURPOSES = [
  'document_receita',
  'document_atestado',
  'document_exames',
  'document_encaminhamento',
  'document_orientacoes',
  'document_relatorio',
] as const satisfies readonly `document_${TDocumentKind}`[];
export type TDocumentPromptPurpose = (typeof DOCUMENT_PROMPT_PURPOSES)[number];

export const documentPromptPurpose = (kind: TDocumentKind): TDocumentPromptPurpose => `document_${kind}`;
