import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { EMBEDDED_SNAPSHOT_VARIABLE } from './embedded-snapshot';
import { databaseUrl, POSTGRES_TEMPLATE_VARIABLE, withAdminClient } from './postgres-template';

/**
 * A freshly migrated, empty database for one test file: its own PostgreSQL database when
 * TEST_DATABASE_URL is set (dropped afterwards), otherwise an in-memory PGlite. Each is a copy of
 * what the test run migrated once (test/global-setup.ts) when there is one: the PostgreSQL template
 * or the PGlite snapshot.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ snapshot: await migratedSnapshot() });
  const name = `escriba_test_${randomBytes(6).toString('hex')}`;
  const template = process.env[POSTGRES_TEMPLATE_VARIABLE];
  await withAdminClient(serverUrl, (client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  // Dropping the database at the end terminates connections still idle in the pool (57P01): expected.
  const handle = await openDatabase({
    url: databaseUrl(serverUrl, name),
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

async function migratedSnapshot(): Promise<Blob | undefined> {
  const file = process.env[EMBEDDED_SNAPSHOT_VARIABLE];
  return file ? new Blob([await readFile(file)]) : undefined;
}
