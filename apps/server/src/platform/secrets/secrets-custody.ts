import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createKeyFile, defaultKeyFile, readKeyFile } from './key-file';
import { deleteLegacySealKey, findLegacySealKey, openLegacySealed } from './legacy-seal-key';
import { listSealedKeyIds, resealAll } from './sealed-secrets';
import { SecretSeal, sealedKeyId } from './secret-seal';
import { GENERATE_KEY_HINT, generateSecretsKey, type SecretsKey } from './secrets-key';

/** Start-up cannot go on without the secrets key; the message says what to set. */
export class SecretsCustodyError extends Error {}

type CustodyConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'secrets'>;
type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

const STEPS = 'docs/DEPLOY.md, "The secrets key"';

/**
 * The seal of this instance, with the key from SECRETS_KEY or its file (issue 33 §5), never from the database.
 * On PostgreSQL, refuses to start without a key once anything is sealed. The embedded database writes a key file
 * beside DATA_DIR at its first start. A key an earlier version kept in the database is moved out once: its
 * secrets are re-sealed under the key, and its row deleted, in one transaction.
 */
export async function openSecretSeal(config: CustodyConfig, db: Database, log: Log): Promise<SecretSeal> {
  const isEmbedded = !config.databaseUrl;
  const keyFile = config.secrets.keyFile ?? (isEmbedded ? defaultKeyFile(config.dataDir) : undefined);
  let key = await configuredKey(config, keyFile, isEmbedded);
  if (!key) {
    const sealedIds = await listSealedKeyIds(db, sealedKeyId);
    const hasLegacyKey = (await findLegacySealKey(db, { lock: false })) !== undefined;
    if (!isEmbedded) {
      if (hasLegacyKey) {
        throw new SecretsCustodyError(
          'SECRETS_KEY is not set and the database still holds the key that seals the A1 certificates, as earlier ' +
            `versions kept it: set SECRETS_KEY (${GENERATE_KEY_HINT}) or SECRETS_KEY_FILE and start again, which ` +
            `moves them under it (${STEPS})`,
        );
      }
      if (sealedIds.length > 0) {
        throw new SecretsCustodyError(
          `SECRETS_KEY is not set and the database holds ${sealedIds.length} sealed secret(s) (A1 certificates, PSC tokens) ` +
            `that only their key opens: set SECRETS_KEY or SECRETS_KEY_FILE to that key (${STEPS})`,
        );
      }
      log.warn(`SECRETS_KEY is not set: A1 and cloud certificates cannot be kept until it is (${STEPS})`);
      return new SecretSeal(undefined);
    }
    if (sealedIds.some((id) => id !== undefined)) {
      // A backup restored without its key: everything else works; the certificates wait for their key.
      log.warn(
        `No secrets key at ${keyFile} (nor SECRETS_KEY): the ${sealedIds.length} sealed A1 certificate(s) cannot ` +
          `be opened until the key they were sealed with is put back there (${STEPS})`,
      );
      return new SecretSeal(undefined);
    }
    key = generateSecretsKey();
    await createKeyFile(keyFile!, key).catch((error: unknown) => {
      throw new SecretsCustodyError(
        `Could not write the secrets key file ${keyFile} (${(error as NodeJS.ErrnoException).code ?? String(error)}): ` +
          'set SECRETS_KEY_FILE to a writable file outside DATA_DIR, or SECRETS_KEY',
      );
    });
    log.info(
      `Wrote the key that seals A1 certificates and PSC tokens to ${keyFile}: keep a copy apart from the backups, which never hold it`,
    );
  }
  await moveLegacyKey(db, key, log);
  const others = (await listSealedKeyIds(db, sealedKeyId)).filter((id) => id !== key.id).length;
  if (others > 0) {
    log.warn(
      `${others} sealed secret(s) (A1 certificates, PSC tokens) were sealed with another key than this one (${key.id}) and ` +
        `cannot be opened: give the key they were sealed with (${STEPS})`,
    );
  }
  return new SecretSeal(key);
}

/** SECRETS_KEY, else the key file; a file SECRETS_KEY_FILE names must exist on PostgreSQL. */
async function configuredKey(
  config: CustodyConfig,
  keyFile: string | undefined,
  isEmbedded: boolean,
): Promise<SecretsKey | undefined> {
  if (config.secrets.key) return config.secrets.key;
  if (!keyFile) return undefined;
  const key = await readKeyFile(keyFile).catch((error: unknown) => {
    throw new SecretsCustodyError(error instanceof Error ? error.message : String(error));
  });
  if (!key && !isEmbedded) {
    throw new SecretsCustodyError(`SECRETS_KEY_FILE names ${keyFile}, which does not exist (${STEPS})`);
  }
  return key;
}

/** Re-seals what the earlier version sealed with the database-held key under `key`, and deletes that key. */
async function moveLegacyKey(db: Database, key: SecretsKey, log: Log): Promise<void> {
  const seal = new SecretSeal(key);
  let unreadable = 0;
  const moved = await db.transaction(async (tx) => {
    const legacyKey = await findLegacySealKey(tx, { lock: true });
    if (legacyKey === undefined) return undefined;
    const count = await resealAll(tx, (kind, { owner, sealed }) => {
      if (sealedKeyId(sealed) !== undefined) return sealed;
      try {
        return seal.seal(kind, openLegacySealed(legacyKey, kind, sealed, owner), owner);
      } catch {
        // Damaged before the upgrade: left as it was (it opens with no key); its owner uploads it again.
        unreadable++;
        return sealed;
      }
    });
    await deleteLegacySealKey(tx);
    return count;
  });
  if (moved === undefined) return;
  log.info(
    `Moved the seal key out of the database: ${moved - unreadable} sealed secret(s) re-sealed under key ${key.id}` +
      (unreadable > 0 ? `, ${unreadable} damaged left as they were` : ''),
  );
}
