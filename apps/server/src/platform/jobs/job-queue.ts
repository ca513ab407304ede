import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/client';
import { JOB_NAMES, type JobName, type JobPayloads } from './job-names';
import { pgliteJobDatabase } from './pglite-adapter';

export interface JobQueueOptions {
  /** A job still running after this long is taken to be lost (its instance died) and runs again. */
  expireInSeconds: number;
  /** Queues whose jobs may run longer than `expireInSeconds` (reading a long scanned PDF). */
  expireInSecondsByQueue?: Partial<Record<JobName, number>>;
}

export interface SendOptions {
  /** Jobs with one key are never queued twice nor run twice at once (pg-boss's `stately` policy). */
  singletonKey: string;
  startAfterSeconds?: number;
}

export interface QueueStats {
  name: JobName;
  queued: number;
  active: number;
  failed: number;
  oldestQueuedSeconds: number | null;
}

export interface JobFailure {
  id: string;
  queue: string;
  failedAt: Date | null;
  error: string | null;
}

const STOP_TIMEOUT_MS = 30_000;
// Unexpected failures (the database went away) retry a few times; provider outages are rescheduled
// by the handlers themselves, with their own backoff.
const RETRY = { retryLimit: 10, retryDelay: 2, retryBackoff: true };

/**
 * Durable jobs in the application's database (pg-boss). Delivery is at least once: a job whose
 * instance dies runs again after `expireInSeconds`, so every handler must be idempotent.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly workerIds = new Map<JobName, string[]>();

  constructor(
    database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobQueueOptions,
  ) {
    const connection =
      'url' in database.source
        ? { connectionString: database.source.url, max: 4 }
        : { db: pgliteJobDatabase(database.source.pglite) };
    this.boss = new PgBoss({
      ...connection,
      // Expired jobs are found by maintenance; run it often enough that a crash costs seconds, not minutes.
      maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.round(options.expireInSeconds / 2))),
      schedule: false,
    });
    this.boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  }

  /** Creates the schema and the queues; idempotent, and safe with several instances starting at once. */
  async start(): Promise<void> {
    await this.boss.start();
    for (const name of JOB_NAMES) {
      const expireInSeconds = this.options.expireInSecondsByQueue?.[name] ?? this.options.expireInSeconds;
      const queue = { name, policy: 'stately' as const, expireInSeconds, ...RETRY };
      await this.boss.createQueue(name, queue);
      await this.boss.updateQueue(name, queue);
    }
  }

  /** Runs `handler` for jobs of `name`, up to `concurrency` at once on this instance. */
  async work<N extends JobName>(
    name: N,
    concurrency: number,
    handler: (data: JobPayloads[N]) => Promise<void>,
  ): Promise<void> {
    const ids: string[] = [];
    for (let index = 0; index < concurrency; index += 1) {
      let id = '';
      id = await this.boss.work<JobPayloads[N]>(name, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
        if (job) await handler(job.data);
        // pg-boss waits out its polling interval after every job, even with more queued: ask
        // for the next one at once instead (one job a second per worker otherwise).
        this.boss.notifyWorker(id);
      });
      ids.push(id);
    }
    this.workerIds.set(name, [...(this.workerIds.get(name) ?? []), ...ids]);
  }

  /** Queues a job; this instance's idle workers are woken at once instead of at their next poll. */
  async send<N extends JobName>(name: N, data: JobPayloads[N], options: SendOptions): Promise<void> {
    await this.boss.send(name, data as object, {
      singletonKey: options.singletonKey,
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
    if (!options.startAfterSeconds) for (const id of this.workerIds.get(name) ?? []) this.boss.notifyWorker(id);
  }

  /** How many jobs of each queue wait, run and have failed for good; the oldest wait in seconds. */
  async stats(): Promise<QueueStats[]> {
    const rows = await this.query<{
      name: JobName;
      queued: number;
      active: number;
      failed: number;
      oldest: number | null;
    }>(
      `select name,
         count(*) filter (where state in ('created', 'retry'))::int as queued,
         count(*) filter (where state = 'active')::int as active,
         count(*) filter (where state = 'failed')::int as failed,
         extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry')))::float8 as oldest
       from pgboss.job where name = any($1) group by name`,
      [JOB_NAMES],
    );
    return JOB_NAMES.map((name) => {
      const row = rows.find((each) => each.name === name);
      return {
        name,
        queued: row?.queued ?? 0,
        active: row?.active ?? 0,
        failed: row?.failed ?? 0,
        oldestQueuedSeconds: row?.oldest ?? null,
      };
    });
  }

  /** The latest jobs that failed for good, with their error message (payloads hold ids only). */
  async recentFailures(limit: number): Promise<JobFailure[]> {
    const rows = await this.query<{ id: string; name: string; failed_at: Date | null; error: string | null }>(
      `select id, name, completed_on as failed_at, coalesce(output->>'message', output::text) as error
       from pgboss.job where name = any($1) and state = 'failed' order by completed_on desc nulls last limit $2`,
      [JOB_NAMES, limit],
    );
    return rows.map((row) => ({ id: row.id, queue: row.name, failedAt: row.failed_at, error: row.error }));
  }

  /** Runs a queue's failed jobs again; answers how many. */
  async retryFailed(name: JobName): Promise<number> {
    const rows = await this.query<{ id: string }>(`select id from pgboss.job where name = $1 and state = 'failed'`, [
      name,
    ]);
    if (rows.length > 0)
      await this.boss.retry(
        name,
        rows.map((row) => row.id),
      );
    for (const id of this.workerIds.get(name) ?? []) this.boss.notifyWorker(id);
    return rows.length;
  }

  /** Stops taking jobs and waits for running ones; those still running at the timeout run again later. */
  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
  }

  private async query<Row>(text: string, values: unknown[]): Promise<Row[]> {
    const result = await this.boss.getDb().executeSql(text, values);
    return result.rows as Row[];
  }
}
