import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { JobName } from './job-names';

/** Work queued again per kind and sweep: the sweep repeats, so a large backlog is queued in bounded steps. */
export const SWEEP_BATCH = 500;

/**
 * Holds where `singletonKey` has no job of `name` waiting or running (one probe of pg-boss's stately index): work
 * whose job gave up or was lost. Work is queued in the transaction that creates it, so the sweep finds little.
 */
export function hasNoLiveJob(name: JobName, singletonKey: SQLWrapper): SQL {
  return sql`not exists (
    select 1 from pgboss.job
    where name = ${name} and policy = 'stately' and state <= 'active' and coalesce(singleton_key, '') = ${singletonKey}
  )`;
}
