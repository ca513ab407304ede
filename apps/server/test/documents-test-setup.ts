import type { TDocument, TDocumentKind, TDocumentList, TDocumentSummary, TLiveMessage } from '@escriba/contract';
import type { App } from '../src/platform/services';
import type { LiveClient } from './live-client';
import type { ChatRequestBody, LlmFixtureAnswer } from './llm-fixture';
import { waitUntil } from './wait-until';

type Headers = Record<string, string>;

/** A receita line as the model answers it (or, with stored sources, as it is stored), the rest given. */
export function prescribed<Sources>(sources: Sources, item: Record<string, unknown> = {}) {
  return {
    medication: 'Dipirona',
    dose: '500 mg',
    form: 'comprimido',
    quantity: '',
    instructions: '1 comprimido de 6 em 6 horas se dor, por 5 dias',
    route: 'oral',
    continuous: false,
    ...item,
    sources,
  };
}

/** A short solicitação de exames as the model answers it, citing the scene's first segment. */
export const EXAMES_ANSWER = {
  items: [{ exam: 'Hemograma completo', justification: '', sources: ['T0'] }],
  clinical_indication: { text: 'Cefaleia há três dias.', sources: ['T0'] },
};

export const documentsUrl = (consultationId: string, rest = '') =>
  `/api/v1/user/consultations/${consultationId}/documents${rest}`;

export function postDocument(app: App, headers: Headers, consultationId: string, kind: string, body?: object) {
  return app.inject({
    method: 'POST',
    url: documentsUrl(consultationId, `/${kind}`),
    headers,
    ...(body ? { payload: body } : {}),
  });
}

/** Asks for a document and answers what the POST accepted (202). */
export async function startDocument(
  app: App,
  headers: Headers,
  consultationId: string,
  kind: TDocumentKind,
  body?: object,
): Promise<TDocumentSummary> {
  const response = await postDocument(app, headers, consultationId, kind, body);
  if (response.statusCode !== 202) throw new Error(`POST document: ${response.statusCode} ${response.body}`);
  return response.json<TDocumentSummary>();
}

export async function readDocument(
  app: App,
  headers: Headers,
  consultationId: string,
  documentId: string,
): Promise<TDocument> {
  const response = await app.inject({ method: 'GET', url: documentsUrl(consultationId, `/${documentId}`), headers });
  if (response.statusCode !== 200) throw new Error(`GET document: ${response.statusCode} ${response.body}`);
  return response.json<TDocument>();
}

export async function listDocuments(app: App, headers: Headers, consultationId: string): Promise<TDocumentList> {
  const response = await app.inject({ method: 'GET', url: documentsUrl(consultationId), headers });
  if (response.statusCode !== 200) throw new Error(`GET documents: ${response.statusCode} ${response.body}`);
  return response.json<TDocumentList>();
}

/** Waits until the document's generation leaves `generating`. */
export function settledDocument(
  app: App,
  headers: Headers,
  consultationId: string,
  documentId: string,
  timeoutMs = 15_000,
): Promise<TDocument> {
  return waitUntil(
    async () => {
      const document = await readDocument(app, headers, consultationId, documentId);
      return document.status === 'generating' ? undefined : document;
    },
    `document ${documentId} settled`,
    timeoutMs,
  );
}

/** The live messages about one document, in arrival order. */
export function documentMessages(client: LiveClient, documentId: string): TLiveMessage[] {
  return client.messages.filter((message) => message.document_id === documentId);
}

/** The document kind a request asks the model for (its schema is named `documento_{kind}`). */
export function requestedKind(body: ChatRequestBody): string | undefined {
  const name = body.response_format?.json_schema?.name ?? body.tools?.[0]?.function?.name;
  return name?.startsWith('documento_') ? name.slice('documento_'.length) : undefined;
}

/** Answers each document request with `answers[kind]`, and a condensing request with a line of text. */
export function answerDocuments(
  answers: Partial<Record<TDocumentKind, unknown>>,
): (body: ChatRequestBody) => LlmFixtureAnswer {
  return (body) => {
    const kind = requestedKind(body) as TDocumentKind | undefined;
    return kind ? { json: answers[kind] } : { content: 'Resumo.' };
  };
}
