import type { TIssuedDocument } from '@escriba/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { issuedDocuments } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { App } from '../../platform/services';
import { assertOwnConsultation } from '../consultations/get-consultation';
import { toIssuedDocument } from './issued-document-view';

/** The PDFs issued in one of her consultations, newest first, revoked ones included. */
export async function listIssuedDocuments(
  app: App,
  userId: string,
  consultationId: string,
): Promise<TIssuedDocument[]> {
  await assertOwnConsultation(app.db, userId, consultationId);
  const rows = await app.db
    .select()
    .from(issuedDocuments)
    .where(eq(issuedDocuments.consultationId, consultationId))
    .orderBy(desc(issuedDocuments.issuedAt));
  return rows.map((row) => toIssuedDocument(row, app.config.publicUrl));
}

/**
 * Ends an issued document's address (a receita issued by mistake): it then answers 404 and its page says the
 * document was revoked. Revoking one already revoked changes nothing.
 */
export async function revokeIssuedDocument(
  app: App,
  userId: string,
  consultationId: string,
  publicId: string,
  origin: RequestOrigin,
): Promise<TIssuedDocument> {
  const ofHers = and(
    eq(issuedDocuments.publicId, publicId),
    eq(issuedDocuments.consultationId, consultationId),
    eq(issuedDocuments.userId, userId),
  );
  return app.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(issuedDocuments)
      .set({ revokedAt: new Date() })
      .where(and(ofHers, isNull(issuedDocuments.revokedAt)))
      .returning();
    if (revoked) {
      await recordAudit(tx, {
        action: 'document.revoked',
        actorUserId: userId,
        subjectUserId: userId,
        ...origin,
        details: { consultation_id: consultationId, public_id: publicId, kind: revoked.kind },
      });
      return toIssuedDocument(revoked, app.config.publicUrl);
    }
    const [row] = await tx.select().from(issuedDocuments).where(ofHers);
    if (!row) throw notFound('Documento emitido');
    return toIssuedDocument(row, app.config.publicUrl);
  });
}
