import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../src/db/client';

/** Where the test files of this run find the migrated embedded database. */
export const EMBEDDED_SNAPSHOT_VARIABLE = 'ESCRIBA_TEST_PGLITE_SNAPSHOT';

/**
 * Vitest global setup: migrating an empty PGlite takes seconds, so it is done once per run and
 * every test file starts from a copy. Nothing to do on PostgreSQL.
 */
export default async function migrateOnce(): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_URL) return async () => undefined;
  const folder = await mkdtemp(path.join(tmpdir(), 'escriba-pglite-'));
  const handle = await openDatabase({});
  const { pglite } = handle.source as { pglite: PGlite };
  const file = path.join(folder, 'migrated.tar');
  await writeFile(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await handle.close();
  process.env[EMBEDDED_SNAPSHOT_VARIABLE] = file;
  return () => rm(folder, { recursive: true, force: true });
}
