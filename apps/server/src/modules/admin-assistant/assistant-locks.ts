import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

// Any fixed numbers, apart from the other advisory locks of the app.
const LOCK_IDS = {
  /** Which prompt of a purpose is active. */
  promptActivation: 5_120_431,
  /** Which persona is the default. */
  personaDefault: 5_120_432,
} as const;

/**
 * Makes the changes of one kind take turns until the transaction ends, so a concurrent activation (or default
 * choice) sees the one before it committed instead of breaking the partial unique index.
 */
export async function takeTurns(tx: Database, kind: keyof typeof LOCK_IDS): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_IDS[kind]})`);
}
