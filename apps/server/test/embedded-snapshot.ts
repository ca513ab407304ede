import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { embeddedDataFolder, openDatabase } from '../src/db/client';
import { installJobSchema } from './job-schema';

/** Where the test files of this run find the migrated embedded database. */
export const EMBEDDED_SNAPSHOT_VARIABLE = 'ESCRIBA_TEST_PGLITE_SNAPSHOT';

/**
 * Migrating an empty PGlite and creating pg-boss's schema take seconds, so the global setup does both
 * once per run, in `folder`, and every test file starts from a copy (test/test-database.ts).
 */
export async function makeEmbeddedSnapshot(folder: string): Promise<void> {
  const handle = await openDatabase({});
  try {
    await installJobSchema(handle);
    const { pglite } = handle.source as { pglite: PGlite };
    const file = path.join(folder, 'migrated.tar');
    await writeFile(file, await withoutSpareWal(await pglite.dumpDataDir('none')));
    process.env[EMBEDDED_SNAPSHOT_VARIABLE] = file;
  } finally {
    await handle.close();
  }
}

/**
 * The same data folder without the write-ahead log's spare segments (16 MB each, two thirds of a migrated
 * folder), which every test file would otherwise copy in and out of memory when it opens its database: a
 * checkpoint with recycling off removes the segments it no longer needs.
 */
async function withoutSpareWal(dataDir: Blob): Promise<Buffer> {
  const pglite = new PGlite({ loadDataDir: dataDir, postgresqlconf: ['wal_recycle = off', "min_wal_size = '32MB'"] });
  try {
    await pglite.query('CHECKPOINT');
    await pglite.query('SELECT pg_switch_wal()');
    await pglite.query('CHECKPOINT');
    return Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
  } finally {
    await pglite.close();
  }
}

/**
 * The embedded database under `dataDir` (a server's DATA_DIR) as a copy of this run's migrated one, so the
 * first start of a server on it finds its migrations applied. Nothing outside a test run with a snapshot.
 */
export async function copyEmbeddedSnapshot(dataDir: string): Promise<void> {
  const file = process.env[EMBEDDED_SNAPSHOT_VARIABLE];
  if (!file) return;
  const client = await PGlite.create(embeddedDataFolder(dataDir), { loadDataDir: new Blob([await readFile(file)]) });
  await client.close();
}
