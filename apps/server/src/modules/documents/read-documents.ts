import type { TDocument, TDocumentList } from '@escriba/contract';
import type { App } from '../../platform/services';
import { assertOwnConsultation } from '../consultations/get-consultation';
import { documentsWithLatest, ownDocument, signaturesOf, versionsOf } from './document-store';
import { toDocument, toDocumentSummary } from './document-view';

/** GET .../documents: the consultation's documents, newest first, without their content. */
export async function listDocuments(app: App, userId: string, consultationId: string): Promise<TDocumentList> {
  await assertOwnConsultation(app.db, userId, consultationId);
  const rows = await documentsWithLatest(app.db, consultationId);
  return rows.map(({ document, latest }) => toDocumentSummary(document, latest));
}

/** GET .../documents/{documentId}: its latest content, sources and every version. */
export async function getDocument(
  app: App,
  userId: string,
  consultationId: string,
  documentId: string,
): Promise<TDocument> {
  const row = await ownDocument(app.db, userId, consultationId, documentId);
  return toDocument(row, await versionsOf(app.db, row.id), await signaturesOf(app.db, row.id));
}
