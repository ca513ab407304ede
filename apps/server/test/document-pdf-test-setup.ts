// The documents the PDF tests print: one of each kind, stored as a generation stores it.
import type { TDocumentContents, TDocumentKind, TDocumentStatements, TFieldSources } from '@escriba/contract';
import { randomUUID } from 'node:crypto';
import { documents, documentVersions } from '../src/db/schema/index';
import type { App } from '../src/platform/services';
import { documentsUrl } from './documents-test-setup';

const NO_SOURCES: TFieldSources = { transcript: [], evidence: [], user_context: false };
const text = (value: string) => ({ text: value, sources: NO_SOURCES });

const item = (fields: Partial<TDocumentContents['receita']['items'][number]>) => ({
  medication: '',
  dose: '',
  form: '',
  quantity: '',
  instructions: '',
  route: '',
  continuous: false,
  sources: NO_SOURCES,
  ...fields,
});

/** One document of each kind, with accents, and some fields left empty as a silent conversation leaves them. */
export const DOCUMENT_CONTENTS: TDocumentContents = {
  receita: {
    type: 'simples',
    items: [
      item({
        medication: 'Losartana potássica',
        dose: '50 mg',
        form: 'comprimido',
        quantity: '30 comprimidos',
        instructions: 'Tomar 1 comprimido pela manhã.',
        route: 'oral',
        continuous: true,
      }),
      item({
        medication: 'Cetoconazol',
        dose: '2%',
        form: 'creme',
        instructions: 'Aplicar na lesão 2 vezes ao dia.',
        route: 'tópica',
      }),
      item({
        medication: 'Dipirona',
        dose: '500 mg',
        instructions: 'Tomar 1 comprimido de 6 em 6 horas se dor.',
        route: 'Oral',
      }),
    ],
  },
  atestado: {
    days: 3,
    start_date: '2026-03-10',
    purpose: text('repouso e tratamento de saúde'),
    period_sources: NO_SOURCES,
    cid: { code: 'J06.9', description: 'Infecção aguda das vias aéreas superiores não especificada' },
  },
  exames: {
    items: [
      { exam: 'Hemograma completo', justification: 'Investigação de anemia.', sources: NO_SOURCES },
      { exam: 'Eletrocardiograma', justification: '', sources: NO_SOURCES },
    ],
    clinical_indication: text('Dor torácica atípica há três dias; hipótese de ansiedade.'),
    cids: [{ code: 'R07.4', description: 'Dor torácica, não especificada' }],
  },
  encaminhamento: {
    specialty: text('cardiologia'),
    reason: text('Palpitações aos esforços há dois meses.'),
    clinical_summary: text('Paciente de 54 anos, hipertenso, com ECG de repouso sem alterações.'),
    question: text(''),
  },
  orientacoes: {
    what_to_do: [text('Beba bastante água durante o dia.'), text('Tome o remédio para febre se passar de 38 °C.')],
    warning_signs: [text('Falta de ar ou lábios roxos: vá ao pronto-socorro.')],
    when_to_return: text(''),
  },
  relatorio: {
    sections: [
      {
        title: 'História clínica',
        text: 'Hipertensão arterial há dez anos, em uso de losartana.',
        sources: NO_SOURCES,
      },
      { title: 'Exame físico', text: '', sources: NO_SOURCES },
      { title: 'Conclusão', text: 'Apto para atividades físicas leves.', sources: NO_SOURCES },
    ],
  },
};

/** A receita de controle especial (Portaria 344/98, list C1). */
export const CONTROLLED_RECEITA: TDocumentContents['receita'] = {
  type: 'controle_especial',
  items: [
    item({
      medication: 'Sertralina',
      dose: '50 mg',
      form: 'comprimido',
      quantity: '30 (trinta) comprimidos',
      instructions: 'Tomar 1 comprimido pela manhã.',
      route: 'oral',
      continuous: true,
    }),
  ],
};

/**
 * A document of the consultation stored as a generation leaves it (version 1), then each of `edits` as a
 * new version; answers its id. Its latest version holds `statements` (none: stored before documents were checked)
 * and, unless `reviewed` is false, her review.
 */
export async function storeDocument<K extends TDocumentKind>(
  app: App,
  userId: string,
  consultationId: string,
  kind: K,
  content: TDocumentContents[K] = DOCUMENT_CONTENTS[kind],
  options: {
    status?: 'ready' | 'generating' | 'failed';
    edits?: TDocumentContents[K][];
    statements?: TDocumentStatements;
    reviewed?: boolean;
  } = {},
): Promise<string> {
  const { status = 'ready', edits = [], statements = null, reviewed = true } = options;
  const [document] = await app.db
    .insert(documents)
    .values({ consultationId, userId, kind, request: { instructions: null, days: null, include_cid: false } })
    .returning();
  const provenance = {
    persona: null,
    prompts: [],
    model: 'modelo-teste',
    inputs: {
      transcript: null,
      evidence_ids: [],
      patient_id: randomUUID(),
      user_context: false,
      condensed: false,
      note: null,
    },
    reviews: [],
    reviewed: reviewed ? { user_id: userId, at: new Date().toISOString() } : null,
  };
  const versions = [
    { kind: 'generation' as const, status, content: status === 'ready' ? content : null },
    ...edits.map((edit) => ({ kind: 'edit' as const, status: 'ready' as const, content: edit })),
  ];
  await app.db.insert(documentVersions).values(
    versions.map((version, index) => ({
      documentId: document!.id,
      version: index + 1,
      ...version,
      statements: index === versions.length - 1 ? statements : null,
      failure: version.status === 'failed' ? 'O serviço de IA não respondeu.' : null,
      provenance,
      finishedAt: version.status === 'generating' ? null : new Date(),
    })),
  );
  return document!.id;
}

export const documentPdfUrl = (consultationId: string, documentId: string) =>
  documentsUrl(consultationId, `/${documentId}/pdf`);
export const signedDocumentPdfUrl = (consultationId: string, documentId: string) =>
  documentsUrl(consultationId, `/${documentId}/pdf/signed`);
