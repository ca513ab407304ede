import type { Config } from '../config';
import type { MigrationState } from '../db/migration-state';
import type { Manifest } from './manifest';
import { pgliteArchive } from './pglite-archive';
import { postgresArchive } from './postgres-archive';

/** What a database holds, as a backup's manifest records it. */
export interface DatabaseState {
  migrations: MigrationState;
  tables: Record<string, number>;
}

/** Backs up and restores one kind of database. */
export interface DatabaseArchive {
  kind: Manifest['database']['kind'];
  /** Writes a consistent copy into the folder and says what it holds. */
  backUp(folder: string): Promise<Manifest['database']>;
  /** Throws an OperationError naming what the database already holds. */
  ensureEmpty(): Promise<void>;
  /** Restores the backup's copy, whole or not at all. */
  restore(folder: string, manifest: Manifest['database']): Promise<void>;
  inspect(): Promise<DatabaseState>;
}

/** PostgreSQL with DATABASE_URL, otherwise the embedded database under DATA_DIR. */
export function databaseArchive(config: Pick<Config, 'databaseUrl' | 'dataDir'>): DatabaseArchive {
  return config.databaseUrl ? postgresArchive(config.databaseUrl) : pgliteArchive(config.dataDir);
}
