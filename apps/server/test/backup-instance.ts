import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig, type Config } from '../src/config';
import { embeddedDataFolder } from '../src/db/client';
import { digest } from '../src/ops/manifest';
import { createStorage } from '../src/platform/storage/create-storage';
import { copyEmbeddedSnapshot } from './embedded-snapshot';
import { databaseUrl, POSTGRES_TEMPLATE_VARIABLE, withAdminClient } from './postgres-template';
import { startS3Server, type TestS3Server } from './s3-server';
import { removeDataDir } from './data-dir';

/** Where one instance keeps its data: a database (PGlite under DATA_DIR, or an empty PostgreSQL one) and files. */
export interface TestInstance {
  config: Config;
  /** The environment that configures it, for the command (`npm run backup|restore`). */
  env: Record<string, string>;
  /** `schema.table` → an md5 of all its rows, for comparing two databases row by row. */
  tableDigests(): Promise<Record<string, string>>;
  /** Storage key → sha256 of every stored file. */
  fileDigests(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

const TABLES = `
  select n.nspname as schema, c.relname as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'r' and n.nspname <> 'information_schema' and n.nspname !~ '^pg_'
  order by 1, 2`;

/**
 * A fresh instance's data locations: on PostgreSQL (with TEST_DATABASE_URL) a database of its own, else the
 * embedded one under its DATA_DIR; files on disk or in an S3 bucket (s3rver). The database is empty, or, when
 * `database` is 'migrated', a copy of what the test run migrated once (test/global-setup.ts), as an app would
 * leave it at its first start.
 */
export async function createTestInstance(
  files: 'disk' | 's3',
  database: 'empty' | 'migrated' = 'empty',
): Promise<TestInstance> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'escriba-backup-instance-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const databaseName = `escriba_restore_${randomBytes(6).toString('hex')}`;
  if (serverUrl) {
    const template = database === 'migrated' ? process.env[POSTGRES_TEMPLATE_VARIABLE] : undefined;
    await withAdminClient(serverUrl, (client) =>
      client.query(`CREATE DATABASE ${databaseName}${template ? ` TEMPLATE ${template}` : ''}`),
    );
  } else if (database === 'migrated') {
    await copyEmbeddedSnapshot(dataDir);
  }
  const s3: TestS3Server | undefined = files === 's3' ? await startS3Server() : undefined;
  const env: Record<string, string> = {
    LOG_LEVEL: 'silent',
    SHUTDOWN_GRACE_SECONDS: '1',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...(serverUrl && { DATABASE_URL: databaseUrl(serverUrl, databaseName) }),
    ...(s3 && {
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    }),
  };
  const config = loadConfig(env);

  type Query = (text: string) => Promise<Record<string, unknown>[]>;
  // One client for all the queries of `work`: opening the embedded database takes a second.
  async function withQuery<T>(work: (query: Query) => Promise<T>): Promise<T> {
    if (config.databaseUrl) {
      const client = new pg.Client({ connectionString: config.databaseUrl });
      await client.connect();
      try {
        return await work(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
      } finally {
        await client.end();
      }
    }
    const client = new PGlite(embeddedDataFolder(dataDir));
    try {
      return await work(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
    } finally {
      await client.close();
    }
  }

  return {
    config,
    env,
    tableDigests: () =>
      withQuery(async (query) => {
        const tables = (await query(TABLES)) as { schema: string; name: string }[];
        const select = tables.map(
          ({ schema, name }) =>
            `select '${schema}.${name}' as name, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as rows
             from "${schema}"."${name}" t`,
        );
        const rows = await query(select.join(' union all '));
        return Object.fromEntries(rows.map((row) => [row.name as string, row.rows as string]));
      }),
    async fileDigests() {
      const storage = createStorage(config);
      const digests: Record<string, string> = {};
      for await (const key of storage.list()) digests[key] = (await digest((await storage.open(key))!.body)).sha256;
      return digests;
    },
    async close() {
      await s3?.close();
      if (serverUrl) {
        await withAdminClient(serverUrl, (client) =>
          client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`),
        );
      }
      await removeDataDir(dataDir);
    },
  };
}
