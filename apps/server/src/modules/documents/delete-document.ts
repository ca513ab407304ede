import { eq } from 'drizzle-orm';
import { documents, issuedDocuments } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import type { App } from '../../platform/services';
import { inTransaction } from '../../platform/transaction';
import { documentToChange } from './document-store';

/**
 * DELETE .../documents/{documentId}: the document, its versions and the PDFs issued of it go, audited (the files
 * after the commit; their addresses then answer 404). Not while it is being generated (409): its credit was spent
 * on a run that is still writing it.
 */
export async function deleteDocument(
  app: App,
  userId: string,
  consultationId: string,
  documentId: string,
  origin: RequestOrigin,
): Promise<void> {
  await inTransaction(app, async (tx, afterCommit) => {
    const { document } = await documentToChange(tx, userId, consultationId, documentId);
    const issued = await tx
      .select({ storageKey: issuedDocuments.storageKey })
      .from(issuedDocuments)
      .where(eq(issuedDocuments.documentId, documentId));
    await tx.delete(documents).where(eq(documents.id, documentId));
    for (const { storageKey } of issued) afterCommit(() => app.storage.remove(storageKey));
    await recordAudit(tx, {
      action: 'document.deleted',
      actorUserId: userId,
      subjectUserId: userId,
      ...origin,
      details: { consultation_id: consultationId, document_id: documentId, kind: document.kind },
    });
  });
}
