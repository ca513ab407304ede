import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { documents } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import { documentToChange } from './document-store';

/**
 * DELETE .../documents/{documentId}: the document and its versions go, audited. Not while it is being generated
 * (409): its credit was spent on a run that is still writing it.
 */
export async function deleteDocument(
  db: Database,
  userId: string,
  consultationId: string,
  documentId: string,
  origin: RequestOrigin,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { document } = await documentToChange(tx, userId, consultationId, documentId);
    await tx.delete(documents).where(eq(documents.id, documentId));
    await recordAudit(tx, {
      action: 'document.deleted',
      actorUserId: userId,
      subjectUserId: userId,
      ...origin,
      details: { consultation_id: consultationId, document_id: documentId, kind: document.kind },
    });
  });
}
