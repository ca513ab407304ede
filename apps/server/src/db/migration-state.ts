import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type Database } from './client';
import { rowsOf } from './raw-rows';

/** Where a database stands in the migrations: how many are applied and the newest one's tag. */
export interface MigrationState {
  count: number;
  /** The newest migration's tag (`0024_practice_and_certificates`); null when none is applied. */
  last: string | null;
}

interface JournalEntry {
  tag: string;
  /** Drizzle records this as the applied migration's `created_at`. */
  when: number;
}

let journal: JournalEntry[] | undefined;

/** The migrations this code ships, oldest first (drizzle's journal, read once). */
export function shippedMigrations(): JournalEntry[] {
  journal ??= (
    JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;
  return journal;
}

/** The migrations applied to the database, named by this code's journal (`unknown (…)` when newer than it). */
export async function appliedMigrations(db: Database): Promise<MigrationState> {
  const { count, newest } = rowsOf<{ count: number; newest: string | null }>(
    await db.execute(
      sql`select count(*)::int as count, max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    ),
  )[0]!;
  if (newest === null) return { count, last: null };
  const entry = shippedMigrations().find(({ when }) => String(when) === newest);
  return { count, last: entry?.tag ?? `unknown (created_at ${newest})` };
}

/** Whether every migration this code ships is applied (a newer instance may have applied more). */
export async function isMigrated(db: Database): Promise<boolean> {
  const expected = shippedMigrations().at(-1)!.when;
  const { newest } = rowsOf<{ newest: string | null }>(
    await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`),
  )[0]!;
  return newest !== null && BigInt(newest) >= BigInt(expected);
}
