import type { TCertificate } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { SecretSeal } from '../../platform/secrets/secret-seal';
import { userCertificates, type UserCertificateRow } from '../../db/schema/index';
import { toCertificateView } from './certificate-view';

export async function findCertificateRow(db: Database, userId: string): Promise<UserCertificateRow | undefined> {
  const [row] = await db.select().from(userCertificates).where(eq(userCertificates.userId, userId));
  return row;
}

/** GET /user/me/certificate: what the professional's certificate says, or null without one. */
export async function getCertificate(
  { db, secrets }: { db: Database; secrets: SecretSeal },
  userId: string,
): Promise<TCertificate | null> {
  const row = await findCertificateRow(db, userId);
  return row ? toCertificateView(row, secrets) : null;
}
