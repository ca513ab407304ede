import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, DatabaseHandle } from '../../db/client';
import type { PubSub } from '../pubsub/pubsub';
import type { AfterCommit } from '../transaction';
import { fixedConcurrency, type ConcurrencyLimit } from './adaptive-concurrency';
import { InstanceLease } from './instance-lease';
import { JOB_NAMES, type JobName, type JobPayloads } from './job-names';
import { pgliteJobDatabase } from './pglite-adapter';
import { QueueWorker, type RunningJob } from './queue-worker';
import { transactionJobDatabase } from './transaction-adapter';

export interface JobQueueOptions {
  /** A job still running after this long is taken to be lost (stuck, not dead: instance-lease.ts) and runs again. */
  expireInSeconds: number;
  /** Queues whose jobs may run longer than `expireInSeconds` (reading a long scanned PDF). */
  expireInSecondsByQueue?: Partial<Record<JobName, number>>;
  /** Carries wake-ups to the other instances' workers when a job is queued. */
  pubsub: PubSub;
  /** The longest a worker waits before looking for jobs nobody woke it for. */
  pollIntervalMs?: number;
}

export interface SendOptions {
  /** Jobs with one key are never queued twice nor run twice at once (pg-boss's `stately` policy). */
  singletonKey: string;
  startAfterSeconds?: number;
  /** Queue the job in this transaction: it exists only if the transaction commits, and wakes workers after. */
  within?: { tx: Database; afterCommit: AfterCommit };
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

const DEFAULT_POLL_INTERVAL_MS = 10_000;
const RECLAIM_INTERVAL_MS = 5_000;
const WAKE_CHANNEL = 'jobs.wake';
const INSERT_BATCH = 500;
// Unexpected failures (the database went away) retry a few times; provider outages are rescheduled
// by the handlers themselves, with their own backoff.
const RETRY = { retryLimit: 10, retryDelay: 2, retryBackoff: true };

const EXPEDITE_SQL = `
  UPDATE pgboss.job SET start_after = now()
  WHERE name = $1 AND state < 'active' AND start_after > now() AND ($2::text IS NULL OR singleton_key = $2)
  RETURNING id`;

/**
 * Durable jobs in the application's database (pg-boss). Delivery is at least once: every handler must be
 * idempotent. A job whose instance died runs again within seconds (instance-lease.ts); one that hangs, after
 * `expireInSeconds`.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly lease: InstanceLease;
  private readonly workers = new Map<JobName, Pick<QueueWorker<unknown>, 'wake' | 'stop' | 'hasRoom'>>();
  private reclaimTimer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => Promise<void>) | undefined;
  private isStopped = false;

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
      // Expired jobs are found by maintenance; run it often enough that a hung job costs seconds, not minutes.
      maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.round(options.expireInSeconds / 2))),
      schedule: false,
    });
    this.boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    this.lease = new InstanceLease(database, this.boss, log);
  }

  /**
   * Creates the schema and the queues (idempotent, safe with several instances starting at once), takes
   * this instance's lease and hands back what stopped instances left running.
   */
  async start(): Promise<void> {
    await this.boss.start();
    for (const name of JOB_NAMES) {
      const expireInSeconds = this.options.expireInSecondsByQueue?.[name] ?? this.options.expireInSeconds;
      const queue = { name, policy: 'stately' as const, expireInSeconds, ...RETRY };
      await this.boss.createQueue(name, queue);
      await this.boss.updateQueue(name, queue);
    }
    await this.lease.acquire();
    await this.reclaim();
    this.reclaimTimer = setInterval(() => void this.reclaim(), RECLAIM_INTERVAL_MS).unref();
    this.unsubscribe = await this.options.pubsub.subscribe(
      WAKE_CHANNEL,
      (payload) => {
        const { queue, from } = payload as { queue: JobName; from?: string };
        // Its own wake-up has woken this instance's worker already.
        if (from !== this.instanceId) this.workers.get(queue)?.wake();
      },
      { isDurable: true },
    );
  }

  /** This instance, as written on the jobs it runs. */
  get instanceId(): string {
    return this.lease.instanceId;
  }

  /** The queues whose jobs this instance runs (none with ROLE=api). */
  get workedQueues(): JobName[] {
    return [...this.workers.keys()];
  }

  /** Runs `handler` for jobs of `name`, up to `concurrency` at once on this instance. */
  work<N extends JobName>(
    name: N,
    concurrency: number | ConcurrencyLimit,
    handler: (data: JobPayloads[N], job: RunningJob) => Promise<void>,
  ): void {
    if (this.workers.has(name)) throw new Error(`queue ${name} has a worker already`);
    const worker = new QueueWorker(this.boss, this.log, {
      name,
      concurrency: typeof concurrency === 'number' ? fixedConcurrency(concurrency) : concurrency,
      handler,
      instanceId: this.lease.instanceId,
      pollIntervalMs: this.options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
    });
    this.workers.set(name, worker);
    worker.start();
  }

  /** Queues a job; answers false when one with its key already waits. Workers are woken at once. */
  async send<N extends JobName>(name: N, data: JobPayloads[N], options: SendOptions): Promise<boolean> {
    const { within } = options;
    const id = await this.boss.send(name, data as object, {
      singletonKey: options.singletonKey,
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(within && { db: transactionJobDatabase(within.tx) }),
    });
    // A delayed job wakes the workers too: their look sets a timer for when it comes due.
    if (within) within.afterCommit(() => this.wake(name));
    else await this.wake(name);
    return id !== null;
  }

  /** Queues a job to run now: one already waiting with its key (in a retry's backoff) is brought forward. */
  async sendNow<N extends JobName>(name: N, data: JobPayloads[N], singletonKey: string): Promise<void> {
    if (!(await this.send(name, data, { singletonKey }))) await this.expedite(name, singletonKey);
  }

  /** Queues many jobs in a few statements (at start-up, thousands may wait); those already waiting are kept. */
  async sendMany<N extends JobName>(name: N, jobs: { data: JobPayloads[N]; singletonKey: string }[]): Promise<void> {
    for (let start = 0; start < jobs.length; start += INSERT_BATCH) {
      const batch = jobs.slice(start, start + INSERT_BATCH);
      await this.boss.insert(batch.map(({ data, singletonKey }) => ({ name, data, singletonKey })));
    }
    if (jobs.length > 0) await this.wake(name);
  }

  /** Jobs of `name` (of one key, if given) waiting out a backoff run now: their cause is gone. */
  async expedite(name: JobName, singletonKey?: string): Promise<number> {
    const result = await this.boss.getDb().executeSql(EXPEDITE_SQL, [name, singletonKey ?? null]);
    if (result.rows.length > 0) await this.wake(name);
    return result.rows.length;
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
    await this.wake(name);
    return rows.length;
  }

  /**
   * Stops taking jobs; running ones have `graceMs` to finish, the rest is handed back to run again at once
   * elsewhere (or at the next start) rather than after its expiry.
   */
  async stopWorkers(graceMs: number): Promise<void> {
    await Promise.all(
      [...this.workers].map(async ([name, worker]) => {
        if ((await worker.stop(graceMs)) > 0) await this.wake(name);
      }),
    );
  }

  /** Stops the workers (if still running, without grace), the sweeps and the queue's connections. */
  async stop(): Promise<void> {
    if (this.isStopped) return;
    this.isStopped = true;
    clearInterval(this.reclaimTimer);
    await this.unsubscribe?.();
    await this.stopWorkers(0);
    await this.lease.release();
    await this.boss.stop({ graceful: false, wait: true });
  }

  /**
   * Wakes this queue's worker here and, through pub/sub, the other instances' when this one cannot take the job at
   * once (it runs no such worker, or its worker is full): a message saved for each recorded chunk.
   */
  private async wake(name: JobName): Promise<void> {
    const worker = this.workers.get(name);
    worker?.wake();
    if (worker?.hasRoom) return;
    await this.options.pubsub.publish(WAKE_CHANNEL, { queue: name, from: this.instanceId }).catch((error: unknown) => {
      // Their polling finds the job a little later.
      this.log.warn({ err: error }, 'job wake-up not sent to other instances');
    });
  }

  private async reclaim(): Promise<void> {
    try {
      for (const name of await this.lease.reclaim()) await this.wake(name as JobName);
    } catch (error) {
      this.log.error({ err: error }, "taking over stopped instances' jobs failed");
    }
  }

  private async query<Row>(text: string, values: unknown[]): Promise<Row[]> {
    const result = await this.boss.getDb().executeSql(text, values);
    return result.rows as Row[];
  }
}
