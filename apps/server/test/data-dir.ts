import { rm } from 'node:fs/promises';
import { defaultKeyFile } from '../src/platform/secrets/key-file';

/** Removes a test's DATA_DIR and what the app writes beside it: the embedded database's key file (and its `.old`). */
export async function removeDataDir(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
  for (const file of [defaultKeyFile(dataDir), `${defaultKeyFile(dataDir)}.old`]) await rm(file, { force: true });
}
