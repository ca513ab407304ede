import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userCertificates } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import { notFound } from '../../platform/errors';

/** DELETE /user/me/certificate: the sealed file is gone with its row; 404 when there was none. */
export async function deleteCertificate(db: Database, userId: string, origin: RequestOrigin): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(userCertificates)
      .where(eq(userCertificates.userId, userId))
      .returning({ userId: userCertificates.userId });
    if (deleted.length === 0) throw notFound('Certificado');
    await recordAudit(tx, {
      action: 'certificate.removed',
      actorUserId: userId,
      subjectUserId: userId,
      ...origin,
    });
  });
}
