import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { parseSecretsKey, formatSecretsKey, type SecretsKey } from './secrets-key';

/**
 * Where the embedded database's key file goes without SECRETS_KEY_FILE: beside DATA_DIR, never inside it, so a
 * backup (which copies DATA_DIR/pgdata and the files) never holds the key with the data it opens.
 */
export function defaultKeyFile(dataDir: string): string {
  return `${dataDir.replace(/[\\/]+$/, '')}.secrets-key`;
}

/** The key in `file`, or undefined when there is no such file; throws naming the file when it holds no key. */
export async function readKeyFile(file: string): Promise<SecretsKey | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return parseSecretsKey(text, `The key file ${file}`);
}

/** Writes a new key file, readable by its owner alone; refuses to replace one (another process may have written it). */
export async function createKeyFile(file: string, key: SecretsKey): Promise<void> {
  await writeFile(file, `${formatSecretsKey(key)}\n`, { mode: 0o600, flag: 'wx' });
}

/**
 * Replaces a key file in two steps, so the file never holds half a key nor one the database does not use: the new
 * key is written beside it before the database commits, then `commit` moves it in place, or `abandon` removes it.
 */
export async function stageKeyFile(file: string, key: SecretsKey) {
  const staged = `${file}.${randomBytes(4).toString('hex')}.new`;
  await writeFile(staged, `${formatSecretsKey(key)}\n`, { mode: 0o600, flag: 'wx' });
  return {
    staged,
    commit: () => rename(staged, file),
    abandon: () => rm(staged, { force: true }),
  };
}
