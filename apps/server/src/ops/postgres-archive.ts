import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../db/client';
import { appliedMigrations } from '../db/migration-state';
import * as schema from '../db/schema/index';
import type { DatabaseArchive } from './database-archive';
import { digestFile, OperationError } from './manifest';
import { dumpDatabase, restoreDump, toolVersion } from './postgres-tools';
import { countRelations, countRows } from './table-counts';

const DUMP_FILE = 'database.dump';

/** PostgreSQL, backed up live by pg_dump in a snapshot that the row counts are taken in too. */
export function postgresArchive(databaseUrl: string): DatabaseArchive {
  return {
    kind: 'postgres',

    backUp: (folder) =>
      withClient(databaseUrl, async (client, db) => {
        const serverVersion = await ensureToolCanRead('pg_dump', client);
        // The dump, the counts and the migration state all see this one snapshot, while the app keeps writing.
        await client.query('begin isolation level repeatable read read only');
        const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
        const tables = await countRows(db);
        const migrations = await appliedMigrations(db);
        const file = path.join(folder, DUMP_FILE);
        await dumpDatabase(databaseUrl, rows[0]!.snapshot, file);
        await client.query('commit');
        return {
          kind: 'postgres',
          file: DUMP_FILE,
          ...(await digestFile(file)),
          server_version: serverVersion,
          pg_dump_version: (await toolVersion('pg_dump')).version,
          migrations,
          tables,
        };
      }),

    ensureEmpty: () =>
      withClient(databaseUrl, async (_client, db) => {
        const relations = await countRelations(db);
        if (relations > 0) {
          throw new OperationError(
            `The database of DATABASE_URL is not empty (${relations} tables, views or sequences): restore into a ` +
              'new, empty database (CREATE DATABASE …), never over one in use',
          );
        }
      }),

    async restore(folder, manifest) {
      const restoreTool = await toolVersion('pg_restore');
      const dumpMajor = Number.parseInt(manifest.pg_dump_version ?? '0', 10);
      if (restoreTool.major < dumpMajor) {
        throw new OperationError(
          `pg_restore ${restoreTool.version} cannot read a dump made by pg_dump ${manifest.pg_dump_version}: ` +
            `install postgresql-client-${dumpMajor} or newer`,
        );
      }
      await restoreDump(databaseUrl, path.join(folder, manifest.file));
    },

    inspect: () =>
      withClient(databaseUrl, async (_client, db) => ({
        tables: await countRows(db),
        migrations: await appliedMigrations(db),
      })),
  };
}

async function withClient<T>(url: string, work: (client: pg.Client, db: Database) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client, drizzle(client, { schema }));
  } finally {
    await client.end();
  }
}

/** pg_dump refuses a server newer than itself: said up front, with the package to install. */
async function ensureToolCanRead(tool: 'pg_dump', client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ server_version: string; server_version_num: string }>(
    `select current_setting('server_version') as server_version,
            current_setting('server_version_num') as server_version_num`,
  );
  const serverMajor = Math.floor(Number(rows[0]!.server_version_num) / 10_000);
  const installed = await toolVersion(tool);
  if (installed.major < serverMajor) {
    throw new OperationError(
      `${tool} ${installed.version} cannot dump PostgreSQL ${serverMajor}: install postgresql-client-${serverMajor}`,
    );
  }
  return rows[0]!.server_version;
}
