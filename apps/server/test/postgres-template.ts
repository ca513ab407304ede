import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase } from '../src/db/client';
import { CID10_FOLDER } from '../src/db/load-cid10';
import { installJobSchema } from './job-schema';

/** The database that this run's PostgreSQL test databases are copied from. */
export const POSTGRES_TEMPLATE_VARIABLE = 'ESCRIBA_TEST_POSTGRES_TEMPLATE';

const TEMPLATE_PREFIX = 'escriba_template_';
// Older templates (earlier migrations) kept for runs that may still copy from them.
const TEMPLATES_KEPT = 3;

/**
 * Vitest global setup on PostgreSQL: a database migrated and holding pg-boss's schema, named by a hash
 * of the migrations and pg-boss's version, so later runs reuse it. It is built under a temporary name
 * and renamed when ready: a run that finds it by name finds it whole, and two runs building it at once
 * both end with one. No connection to it stays open: PostgreSQL copies only a database nobody uses.
 */
export async function preparePostgresTemplate(serverUrl: string): Promise<void> {
  const name = `${TEMPLATE_PREFIX}${await schemaHash()}`;
  const existing = await withAdminClient(serverUrl, (client) =>
    client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]),
  );
  if (existing.rowCount === 0) await buildTemplate(serverUrl, name);
  process.env[POSTGRES_TEMPLATE_VARIABLE] = name;
}

async function buildTemplate(serverUrl: string, name: string): Promise<void> {
  const building = `${name}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${building}`));
  try {
    const handle = await openDatabase({ url: databaseUrl(serverUrl, building) });
    try {
      await installJobSchema(handle);
    } finally {
      await handle.close();
    }
    await withAdminClient(serverUrl, async (client) => {
      try {
        await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } catch (error) {
        // 42P04 duplicate_database: another run built the same template first.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
      await dropOldTemplates(client);
    });
  } finally {
    await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`));
  }
}

async function dropOldTemplates(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname ~ $1 ORDER BY oid DESC OFFSET $2`,
    [`^${TEMPLATE_PREFIX}[0-9a-f]{16}$`, TEMPLATES_KEPT],
  );
  for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
}

/** What the template holds depends on the migrations, the data loaded with them and pg-boss's version (its schema). */
async function schemaHash(): Promise<string> {
  const hash = createHash('sha256');
  const pgBossVersion = (createRequire(import.meta.url)('pg-boss/package.json') as { version: string }).version;
  hash.update(`pg-boss ${pgBossVersion}\n`);
  for (const folder of [MIGRATIONS_FOLDER, CID10_FOLDER]) {
    const files = (await readdir(folder, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) {
      hash.update(`${path.relative(folder, file)}\n`);
      hash.update(await readFile(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** The same server's URL with another database. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `work` with a client connected to the server's administration database (TEST_DATABASE_URL's). */
export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
