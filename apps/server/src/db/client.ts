import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { loadCid10 } from './load-cid10';
import * as schema from './schema/index';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The same database for other clients (the job queue): a PostgreSQL URL or the PGlite instance. */
  source: { url: string } | { pglite: PGlite };
  /** Runs `listener` on every new PostgreSQL connection: after an outage, the first says it is over. */
  onConnect?(listener: () => void): void;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');
// Any fixed number: instances starting together take turns applying migrations.
const MIGRATION_LOCK_ID = 7_340_221;

/**
 * PostgreSQL when a URL is given, otherwise the embedded PGlite under `dataDir` (or in memory); migrated, with
 * the reference data shipped with the server loaded.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  /** An in-memory PGlite starts as this copy (from `dumpDataDir`) instead of empty. */
  snapshot?: Blob;
  /** Called when an idle PostgreSQL connection breaks (a server restart); the pool replaces it. */
  onConnectionError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.onConnectionError ?? ((error) => console.error(error)));
  return openPglite(options.dataDir, options.snapshot);
}

async function openPostgres(url: string, onConnectionError: (error: Error) => void): Promise<DatabaseHandle> {
  // A request waits at most this long for a connection: an unreachable database answers 503 instead of hanging.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // Without a listener, an idle connection's error would end the process.
  pool.on('error', onConnectionError);
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const migrator = drizzlePg(lockClient);
    await migratePg(migrator, { migrationsFolder: MIGRATIONS_FOLDER });
    await loadCid10(migrator);
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    lockClient.release();
  }
  return {
    db: drizzlePg(pool, { schema }),
    kind: 'postgres',
    source: { url },
    onConnect: (listener) => pool.on('connect', listener),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lock = dataDir ? await lockDataDir(embeddedLockFile(dataDir), 'server') : undefined;
  try {
    const client = dataDir ? new PGlite(embeddedDataFolder(dataDir)) : new PGlite({ loadDataDir: snapshot });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await loadCid10(db);
    const close = async () => {
      await client.close();
      await lock?.release();
    };
    return { db, kind: 'pglite', source: { pglite: client }, close };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

/** The embedded database's folder under DATA_DIR. */
export function embeddedDataFolder(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

/** Held by the one process that has the embedded database open (the server, a backup or a restore). */
export function embeddedLockFile(dataDir: string): string {
  return path.join(dataDir, 'pgdata.lock');
}
