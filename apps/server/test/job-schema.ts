import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../src/db/client';
import { pgliteJobDatabase } from '../src/platform/jobs/pglite-adapter';

/**
 * Creates pg-boss's schema (`pgboss`) in `database`, as the job queue's first start does, then stops
 * and closes its connections: the databases copied from it start their job queue without it.
 * Connects as src/platform/jobs/job-queue.ts does.
 */
export async function installJobSchema(database: DatabaseHandle): Promise<void> {
  const connection =
    'url' in database.source
      ? { connectionString: database.source.url, max: 1 }
      : { db: pgliteJobDatabase(database.source.pglite) };
  const boss = new PgBoss({ ...connection, supervise: false, schedule: false });
  let failure: Error | undefined;
  boss.on('error', (error) => (failure ??= error));
  await boss.start();
  await boss.stop({ graceful: false });
  if (failure) throw failure;
}
