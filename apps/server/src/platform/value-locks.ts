import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

// The two-key form of PostgreSQL's advisory locks, a key space apart from the app's one-key locks
// (the fixed ids of lockAdminChanges and takeTurns): this number names the kind, a hash the value.
const VALUE_LOCK_CLASS = 5_120_500;

/**
 * Makes transactions about the same values (an e-mail, a CPF) take turns until the transaction
 * ends, so a check for a holder of a unique value and the insert after it run as one step: a
 * concurrent request sees the row the one before it committed instead of breaking the unique
 * index. Taken in one order (sorted), so two transactions sharing two values never deadlock.
 */
export async function lockValues(tx: Database, values: string[]): Promise<void> {
  for (const value of [...new Set(values)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(${VALUE_LOCK_CLASS}, hashtext(${value}))`);
  }
}
