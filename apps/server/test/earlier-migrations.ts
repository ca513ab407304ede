import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { MIGRATIONS_FOLDER } from '../src/db/client';
import * as schema from '../src/db/schema/index';
import { newEmbeddedDatabase } from './embedded-snapshot';

export interface EarlierDatabase {
  client: PGlite;
  db: ReturnType<typeof drizzle<typeof schema>>;
  /** Applies the migrations left out, the one tried first. */
  migrateRest(): Promise<void>;
}

/**
 * Opens, when a test asks, an in-memory PGlite database migrated up to the migration whose tag ends with
 * `tagEnd`, that one not included; closed after the file's (or the suite's) tests.
 */
export function useDatabaseBefore(tagEnd: string): () => Promise<EarlierDatabase> {
  let opened: EarlierDatabase | undefined;
  afterAll(() => opened?.client.close());
  return async () => (opened = await databaseBefore(tagEnd));
}

async function databaseBefore(tagEnd: string): Promise<EarlierDatabase> {
  const client = await newEmbeddedDatabase();
  const db = drizzle(client, { schema });
  const earlier = await migrationsBefore(tagEnd);
  try {
    await migrate(db, { migrationsFolder: earlier });
  } finally {
    await rm(earlier, { recursive: true });
  }
  return { client, db, migrateRest: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }) };
}

/** A copy of the migrations folder as it was before the migration whose tag ends with `tagEnd`. */
async function migrationsBefore(tagEnd: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'escriba-migrations-'));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag.endsWith(tagEnd));
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return folder;
}

/**
 * A professional written with the columns users has had from the first migration: the schema's insert names
 * every column of today (users.practice came with 0024), which a database migrated to an earlier point lacks.
 */
export async function insertEarlierUser(
  db: { execute(query: SQL): Promise<{ rows: unknown[] }> },
  { credits = 0, createdAt = new Date() }: { credits?: number; createdAt?: Date } = {},
): Promise<string> {
  const { rows } = await db.execute(sql`
    insert into users (name, email, password_hash, credits, created_at)
    values ('Dra. Helena Prado', 'helena@clinica.com.br', 'x', ${credits}, ${createdAt}) returning id`);
  return (rows[0] as { id: string }).id;
}

/** A consultation written with the columns consultations has had from the first migration (see insertEarlierUser). */
export async function insertEarlierConsultation(
  db: { execute(query: SQL): Promise<{ rows: unknown[] }> },
  userId: string,
  patientId: string,
  { createdAt = new Date(), updatedAt = createdAt }: { createdAt?: Date; updatedAt?: Date } = {},
): Promise<string> {
  const { rows } = await db.execute(sql`
    insert into consultations (user_id, patient_id, created_at, updated_at)
    values (${userId}, ${patientId}, ${createdAt}, ${updatedAt}) returning id`);
  return (rows[0] as { id: string }).id;
}
