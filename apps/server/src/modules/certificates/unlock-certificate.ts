import { AppError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { eq } from 'drizzle-orm';
import { userCertificates } from '../../db/schema/index';
import { openSealedCertificate } from './certificate-seal';
import { findCertificateRow } from './get-certificate';
import type { SigningKey } from '../../platform/pdf/cades-signer';
import { trustAnchors } from './icp-brasil-trust';
import { isWrongPassword, openSigningKey, type CertificateDetails } from './open-certificate';

/** The professional's certificate opened for one signature: what it says, its key and its chain. */
export type UnlockedCertificate = CertificateDetails & { signingKey: SigningKey };

/**
 * The professional's A1 certificate, unsealed, opened with the password she just typed and its chain checked
 * against the ICP-Brasil roots (a certificate outside it still signs, and says so): 409 without one or without
 * the key it was sealed with, 422 for a wrong password or a certificate no longer (or not yet) valid at `at`, 429 once she has
 * typed CERTIFICATE_PASSWORD_FAILURES wrong ones in 15 minutes (her session alone must not be enough to
 * guess the password that guards her signature).
 */
export async function unlockCertificate(
  app: App,
  userId: string,
  password: string,
  at: Date,
): Promise<UnlockedCertificate> {
  const row = await findCertificateRow(app.db, userId);
  if (!row) throw new AppError('conflict', 'Cadastre seu certificado digital A1 no Perfil para assinar documentos');
  const failures = app.rateLimits.certificatePasswordFailures;
  await failures.assertAllowed(userId);
  const file = openSealedCertificate(app.secrets, row.sealedFile, userId);
  try {
    const anchors = await trustAnchors(app.config.signatures.extraAnchorsDir);
    const { details, signingKey } = await openSigningKey(app.pkcs12Threads, file, password, anchors, at);
    // The chain is checked again (anchors change, ACs expire): the profile shows what the last signature found.
    if (details.icpBrasil !== row.icpBrasil || details.icpBrasilProblem !== row.icpBrasilProblem) {
      const { icpBrasil, icpBrasilProblem } = details;
      await app.db
        .update(userCertificates)
        .set({ icpBrasil, icpBrasilProblem })
        .where(eq(userCertificates.userId, userId));
    }
    return { ...details, signingKey };
  } catch (error) {
    if (isWrongPassword(error)) await failures.consume(userId);
    throw error;
  }
}
