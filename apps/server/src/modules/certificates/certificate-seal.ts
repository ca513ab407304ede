import type { Database } from '../../db/client';
import { SealedData } from '../../platform/sealed-data';
import { loadSecret } from '../../platform/secrets';

/** The server key the certificates are sealed with, shared by every instance (app_secrets). */
export async function certificateSeal(db: Database): Promise<SealedData> {
  return new SealedData(await loadSecret(db, 'certificate_seal'), 'user-certificates');
}
