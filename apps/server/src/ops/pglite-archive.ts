import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { embeddedDataFolder, embeddedLockFile, type Database } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { appliedMigrations } from '../db/migration-state';
import * as schema from '../db/schema/index';
import type { DatabaseArchive } from './database-archive';
import { digestFile, OperationError } from './manifest';
import { countRows } from './table-counts';

const ARCHIVE_FILE = 'database.tar.gz';

/**
 * The embedded database, copied whole (PGlite's dumpDataDir) while no server has it open: the lock that the
 * server holds refuses a backup or a restore while it runs, so the copy is consistent.
 */
export function pgliteArchive(dataDir: string): DatabaseArchive {
  const dataFolder = embeddedDataFolder(dataDir);

  return {
    kind: 'pglite',

    backUp: (folder) =>
      whileLocked(dataDir, 'backup', async () => {
        if (!existsSync(path.join(dataFolder, 'PG_VERSION'))) {
          throw new OperationError(`No embedded database in ${dataFolder} (DATA_DIR=${dataDir})`);
        }
        return withPglite(new PGlite(dataFolder), async (client, db) => {
          const tables = await countRows(db);
          const migrations = await appliedMigrations(db);
          const file = path.join(folder, ARCHIVE_FILE);
          await writeFile(file, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()), { flush: true });
          return {
            kind: 'pglite' as const,
            file: ARCHIVE_FILE,
            ...(await digestFile(file)),
            server_version: await serverVersion(client),
            pg_dump_version: null,
            migrations,
            tables,
          };
        });
      }),

    ensureEmpty: () => whileLocked(dataDir, 'restore', () => ensureNoDatabase(dataFolder)),

    restore: (folder, manifest) =>
      whileLocked(dataDir, 'restore', async () => {
        await ensureNoDatabase(dataFolder);
        const archive = new Blob([await readFile(path.join(folder, manifest.file))]);
        try {
          await mkdir(dataDir, { recursive: true });
          await withPglite(new PGlite(dataFolder, { loadDataDir: archive }), () => Promise.resolve());
        } catch (error) {
          await rm(dataFolder, { recursive: true, force: true });
          throw error;
        }
      }),

    inspect: () =>
      whileLocked(dataDir, 'restore', () =>
        withPglite(new PGlite(dataFolder), async (_client, db) => ({
          tables: await countRows(db),
          migrations: await appliedMigrations(db),
        })),
      ),
  };
}

async function whileLocked<T>(dataDir: string, holder: string, work: () => Promise<T>): Promise<T> {
  await mkdir(dataDir, { recursive: true });
  const lock = await lockDataDir(embeddedLockFile(dataDir), holder);
  try {
    return await work();
  } finally {
    await lock.release();
  }
}

async function withPglite<T>(client: PGlite, work: (client: PGlite, db: Database) => Promise<T>): Promise<T> {
  try {
    return await work(client, drizzle(client, { schema }));
  } finally {
    await client.close();
  }
}

async function ensureNoDatabase(dataFolder: string): Promise<void> {
  const entries = await readdir(dataFolder).catch(() => []);
  if (entries.length > 0) {
    throw new OperationError(
      `${dataFolder} already holds an embedded database: restore into a DATA_DIR without one (move it away first)`,
    );
  }
}

async function serverVersion(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ version: string }>(`select current_setting('server_version') as version`);
  return rows[0]!.version;
}
