import { eq } from 'drizzle-orm';
import { hkdfSync } from 'node:crypto';
import type { Database } from '../../db/client';
import { appSecrets } from '../../db/schema/index';
import { decrypt } from './aes-gcm';
import type { SecretKind } from './secret-seal';

// Before issue 33 the certificates were sealed with this row of app_secrets, in the same database: an upgrade
// re-seals them under the key from SECRETS_KEY or its file and deletes the row (secrets-custody.ts).
const LEGACY_KEY_NAME = 'certificate_seal';

/**
 * The seal key an earlier version kept in the database (undefined once moved out); with `lock`, its row locked
 * until the transaction ends, so instances starting together move it once.
 */
export async function findLegacySealKey(db: Database, { lock }: { lock: boolean }): Promise<string | undefined> {
  const query = db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, LEGACY_KEY_NAME));
  const [row] = await (lock ? query.for('update') : query);
  return row?.value;
}

export async function deleteLegacySealKey(tx: Database): Promise<void> {
  await tx.delete(appSecrets).where(eq(appSecrets.name, LEGACY_KEY_NAME));
}

/** A value the earlier version sealed (base64 of IV, tag, ciphertext), its key derived from the row's text. */
export function openLegacySealed(secret: string, kind: SecretKind, sealed: string, owner: string): Buffer {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), kind, 32));
  return decrypt(key, Buffer.from(sealed, 'base64'), owner);
}
