import { writeFile } from 'node:fs/promises';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { defaultKeyFile, readKeyFile, stageKeyFile } from '../platform/secrets/key-file';
import { findLegacySealKey } from '../platform/secrets/legacy-seal-key';
import { resealAll } from '../platform/secrets/sealed-secrets';
import { SecretSeal, sealedKeyId } from '../platform/secrets/secret-seal';
import { formatSecretsKey, generateSecretsKey, type SecretsKey } from '../platform/secrets/secrets-key';
import { OperationError } from './manifest';

type RotationConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'secrets'>;

export interface Rotation {
  /** Secrets re-sealed. */
  count: number;
  key: SecretsKey;
  /** The key file that now holds the new key; undefined when the old key came from SECRETS_KEY. */
  keyFile: string | undefined;
}

/**
 * `npm run rotate-secrets-key`: re-seals every sealed secret under a new key (`newKey`, or a random one) in one
 * transaction; the old key (SECRETS_KEY or the key file) then opens nothing. A key file is replaced only once the
 * database has committed, the old key kept beside it as `<file>.old` for the backups made before, which need it.
 */
export async function rotateSecretsKey(
  config: RotationConfig,
  newKey: SecretsKey | undefined,
  report: (line: string) => void,
): Promise<Rotation> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const keyFile = config.secrets.key
      ? undefined
      : (config.secrets.keyFile ?? (config.databaseUrl ? undefined : defaultKeyFile(config.dataDir)));
    const oldKey = config.secrets.key ?? (keyFile ? await readKeyFile(keyFile) : undefined);
    if (!oldKey) {
      throw new OperationError(
        `There is no key to rotate: SECRETS_KEY is not set${keyFile ? ` and ${keyFile} does not exist` : ''}`,
      );
    }
    if ((await findLegacySealKey(database.db, { lock: false })) !== undefined) {
      throw new OperationError(
        'The database still holds the seal key of an earlier version: start the server once with this key first, ' +
          'which moves the secrets under it (docs/DEPLOY.md, "The secrets key")',
      );
    }
    const key = newKey ?? generateSecretsKey();
    if (key.id === oldKey.id) throw new OperationError('NEW_SECRETS_KEY is the current key: give another one');

    const staged = keyFile ? await stageKeyFile(keyFile, key) : undefined;
    let count: number;
    try {
      count = await database.db.transaction((tx) => resealAll(tx, resealer(oldKey, key)));
    } catch (error) {
      await staged?.abandon();
      throw error;
    }
    if (keyFile && staged) {
      await writeFile(`${keyFile}.old`, `${formatSecretsKey(oldKey)}\n`, { mode: 0o600 });
      await staged.commit();
      report(`Re-sealed ${count} secret(s) under the new key ${key.id}, written to ${keyFile}`);
      report(`The old key ${oldKey.id} is in ${keyFile}.old: keep it with the backups made before now, which need it`);
    } else {
      report(`Re-sealed ${count} secret(s) under the new key ${key.id}.`);
      report("Set SECRETS_KEY to it in every instance's environment and restart them:");
      report(formatSecretsKey(key));
      report(`Keep the old key ${oldKey.id} with the backups made before now, which need it`);
    }
    return { count, key, keyFile };
  } finally {
    await database.close();
  }
}

function resealer(oldKey: SecretsKey, newKey: SecretsKey) {
  const from = new SecretSeal(oldKey);
  const to = new SecretSeal(newKey);
  return (kind: Parameters<SecretSeal['seal']>[0], { owner, sealed }: { owner: string; sealed: string }) => {
    if (sealedKeyId(sealed) !== oldKey.id) {
      // All or nothing: a secret the current key does not open would be lost to both keys.
      throw new OperationError(
        `A sealed ${kind} secret was sealed with key ${sealedKeyId(sealed) ?? '(none)'}, not the current key ` +
          `${oldKey.id}: nothing was changed`,
      );
    }
    return to.seal(kind, from.open(kind, sealed, owner), owner);
  };
}
