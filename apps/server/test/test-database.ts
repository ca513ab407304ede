import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { EMBEDDED_SNAPSHOT_VARIABLE } from './embedded-snapshot';

/**
 * A freshly migrated, empty database for one test file: its own PostgreSQL database when
 * TEST_DATABASE_URL is set (dropped afterwards), otherwise an in-memory PGlite, copied from the
 * snapshot the test run migrated once (test/embedded-snapshot.ts) when there is one.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ snapshot: await migratedSnapshot() });
  const name = `escriba_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Dropping the database at the end terminates connections still idle in the pool (57P01): expected.
  const handle = await openDatabase({
    url: url.toString(),
    onConnectionError: (error) => {
      if ((error as { code?: string }).code !== '57P01') throw error;
    },
  });
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function migratedSnapshot(): Promise<Blob | undefined> {
  const file = process.env[EMBEDDED_SNAPSHOT_VARIABLE];
  return file ? new Blob([await readFile(file)]) : undefined;
}
