import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { embeddedDataFolder, openDatabase } from '../src/db/client';
import { installJobSchema } from './job-schema';

/** Where the test files of this run find the migrated embedded database. */
export const EMBEDDED_SNAPSHOT_VARIABLE = 'ESCRIBA_TEST_PGLITE_SNAPSHOT';
/** Where they find the empty one, before any migration. */
const EMPTY_SNAPSHOT_VARIABLE = 'ESCRIBA_TEST_PGLITE_EMPTY';

/**
 * Creating a PGlite database (its initdb), migrating it and creating pg-boss's schema take seconds, so the
 * global setup does them once per run, in `folder`, and every test file starts from a copy: of the migrated
 * database (test/test-database.ts), or of the empty one (test/earlier-migrations.ts).
 */
export async function makeEmbeddedSnapshot(folder: string): Promise<void> {
  const created = await PGlite.create();
  const emptyFile = path.join(folder, 'empty.tar');
  try {
    await writeFile(emptyFile, await withoutSpareWal(await created.dumpDataDir('none')));
  } finally {
    await created.close();
  }
  process.env[EMPTY_SNAPSHOT_VARIABLE] = emptyFile;
  const handle = await openDatabase({ snapshot: await snapshotBlob(emptyFile) });
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

/** A new in-memory PGlite database, not migrated: a copy of this run's empty one, if there is one. */
export async function newEmbeddedDatabase(): Promise<PGlite> {
  const file = process.env[EMPTY_SNAPSHOT_VARIABLE];
  return file ? PGlite.create({ loadDataDir: await snapshotBlob(file) }) : PGlite.create();
}

async function snapshotBlob(file: string): Promise<Blob> {
  return new Blob([await readFile(file)]);
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
  const client = await PGlite.create(embeddedDataFolder(dataDir), { loadDataDir: await snapshotBlob(file) });
  await client.close();
}
