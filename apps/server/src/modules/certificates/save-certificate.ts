import type { TCertificate } from '@escriba/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { userCertificates } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import { sealCertificate } from './certificate-seal';
import { toCertificateView } from './certificate-view';
import { trustAnchors } from './icp-brasil-trust';
import { openCertificate } from './open-certificate';
import type { Pkcs12Threads } from './pkcs12-threads';
import type { SecretSeal } from '../../platform/secrets/secret-seal';

/**
 * PUT /user/me/certificate: keeps the professional's A1 certificate in place of any earlier one, once its
 * password opens it and it is valid today, with whether its chain is ICP-Brasil's. The file is sealed with the
 * server key; the password is dropped.
 */
export async function saveCertificate(
  {
    db,
    pkcs12Threads,
    secrets,
    config,
  }: { db: Database; pkcs12Threads: Pkcs12Threads; secrets: SecretSeal; config: Pick<Config, 'signatures'> },
  userId: string,
  upload: { file: Buffer; password: string },
  origin: RequestOrigin,
): Promise<TCertificate> {
  const anchors = await trustAnchors(config.signatures.extraAnchorsDir);
  const details = await openCertificate(pkcs12Threads, upload.file, upload.password, anchors);
  const sealedFile = sealCertificate(secrets, upload.file, userId);
  const values = { userId, sealedFile, ...details, createdAt: new Date() };
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(userCertificates)
      .values(values)
      .onConflictDoUpdate({ target: userCertificates.userId, set: values })
      .returning();
    await recordAudit(tx, {
      action: 'certificate.saved',
      actorUserId: userId,
      subjectUserId: userId,
      ...origin,
      details: { valid_until: details.validUntil.toISOString(), icp_brasil: details.icpBrasil },
    });
    return saved!;
  });
  return toCertificateView(row, secrets);
}
