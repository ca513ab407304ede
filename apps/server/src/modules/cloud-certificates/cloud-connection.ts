import type { TCloudCertificate } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { cloudAuthorizations, cloudCertificates } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { cloudCertificateView } from './cloud-certificate-view';

/** Her connected cloud certificate, or null. */
export async function getCloudCertificate(app: App, userId: string): Promise<TCloudCertificate | null> {
  const [row] = await app.db.select().from(cloudCertificates).where(eq(cloudCertificates.userId, userId));
  return row ? cloudCertificateView(app, row) : null;
}

/** Disconnects it: the token and any authorisation she began are deleted; 404 when none is connected. */
export async function disconnectCloudCertificate(app: App, userId: string, origin: RequestOrigin): Promise<void> {
  await app.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(cloudCertificates)
      .where(eq(cloudCertificates.userId, userId))
      .returning({ providerId: cloudCertificates.providerId });
    await tx.delete(cloudAuthorizations).where(eq(cloudAuthorizations.userId, userId));
    if (deleted.length === 0) throw new AppError('not_found', 'Nenhum certificado em nuvem conectado');
    await recordAudit(tx, {
      action: 'cloud_certificate.disconnected',
      actorUserId: userId,
      subjectUserId: userId,
      ...origin,
      details: { provider_id: deleted[0]!.providerId },
    });
  });
}
