import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-rows';

// Every ordinary table outside PostgreSQL's own schemas: the app's, drizzle's migrations and pg-boss's jobs
// (partitions counted, not their partitioned parents, so each row is counted once).
const USER_TABLES = sql`
  select n.nspname as schema, c.relname as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'r' and n.nspname <> 'information_schema' and n.nspname !~ '^pg_'
  order by 1, 2`;

/** Rows per table, keyed `schema.table`, in the transaction (or snapshot) the database handle is in. */
export async function countRows(db: Database): Promise<Record<string, number>> {
  const tables = rowsOf<{ schema: string; name: string }>(await db.execute(USER_TABLES));
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables) {
    const [row] = rowsOf<{ count: string }>(
      await db.execute(sql`select count(*)::text as count from ${sql.identifier(schema)}.${sql.identifier(name)}`),
    );
    counts[`${schema}.${name}`] = Number(row!.count);
  }
  return counts;
}

/** Tables, views or sequences outside PostgreSQL's own schemas: a database holding any is not empty. */
export async function countRelations(db: Database): Promise<number> {
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`
      select count(*)::int as count
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname <> 'information_schema' and n.nspname !~ '^pg_'`),
  );
  return row!.count;
}

/** The tables whose rows differ between what a backup counted and what a database holds. */
export function countDifferences(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return names
    .filter((name) => expected[name] !== actual[name])
    .map((name) => `${name}: ${expected[name] ?? 'absent'} rows in the backup, ${actual[name] ?? 'absent'} restored`);
}
