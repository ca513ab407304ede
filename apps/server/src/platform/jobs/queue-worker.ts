import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { ConcurrencyLimit } from './adaptive-concurrency';
import type { JobName } from './job-names';

export interface FetchedJob<Data> {
  id: string;
  data: Data;
}

/** The job a handler runs. */
export interface RunningJob {
  /**
   * Completes the job in the statement that stores the handler's last work, saving the worker's own statement and
   * a transaction around the two: `store` runs one statement with `completion` (an UPDATE of pg-boss's job table)
   * as a CTE; it must succeed, or the handler throw.
   */
  completeAlong(store: (completion: SQL) => Promise<unknown>): Promise<void>;
}

export interface QueueWorkerOptions<Data> {
  name: JobName;
  concurrency: ConcurrencyLimit;
  /** The longest wait for jobs queued elsewhere (another instance without a wake-up, a retry coming due). */
  pollIntervalMs: number;
  instanceId: string;
  handler: (data: Data, job: RunningJob) => Promise<void>;
}

// pg-boss's own fetch takes the oldest job even when another run of its key is still active, and the
// stately policy's unique index then fails the whole statement at every poll: one job stuck `active`
// (its instance died) would block the queue (timgit/pg-boss#535, closed without a fix in 10.x). pg-boss is
// pinned and job-schema.int.test.ts checks the tables this SQL reads; on upgrading, see whether 12.x's
// `key_strict_fifo` policy (pg-boss#691, #849), which skips a blocked key's jobs itself, can replace it. Jobs whose key is active are skipped here instead; a batch
// takes one job per key; the running instance is written where pg-boss keeps a job's output, so that a
// dead instance's jobs can be found and handed back (instance-lease.ts).
// The check for an active run of the key is written as pg-boss's stately index is (policy, COALESCE of the
// key), so it is one index probe per waiting job; written plainly it read the queue's every job for each
// one, and a backlog of thousands took seconds per fetch: the queue fell further behind the more it had.
// Its last row says when the first job left waiting comes due (null: none waits), saving a round trip.
const FETCH_SQL = `
  WITH next AS (
    SELECT id, singleton_key FROM pgboss.job j
    WHERE name = $1 AND state < 'active' AND start_after < now()
      AND NOT EXISTS (
        SELECT 1 FROM pgboss.job running
        WHERE running.name = j.name AND running.state = 'active' AND running.policy = 'stately'
          AND COALESCE(running.singleton_key, '') = j.singleton_key AND running.singleton_key = j.singleton_key
      )
    ORDER BY priority DESC, created_on, id
    LIMIT $2
    FOR UPDATE SKIP LOCKED
  ), one_per_key AS (
    SELECT id, row_number() OVER (PARTITION BY COALESCE(singleton_key, id::text) ORDER BY id) AS rank FROM next
  ), taken AS (
    UPDATE pgboss.job j SET
      state = 'active',
      started_on = now(),
      retry_count = CASE WHEN started_on IS NOT NULL THEN retry_count + 1 ELSE retry_count END,
      output = jsonb_build_object('instance', $3::text)
    FROM one_per_key
    WHERE j.name = $1 AND j.id = one_per_key.id AND one_per_key.rank = 1
    RETURNING j.id, j.data
  )
  SELECT id, data, NULL::float8 AS due_in_seconds FROM taken
  UNION ALL
  SELECT NULL, NULL, extract(epoch FROM min(start_after) - now())::float8
  FROM pgboss.job WHERE name = $1 AND state < 'active' AND id NOT IN (SELECT id FROM taken)`;

/** What pg-boss's complete() writes for one active job (its completeJobs SQL, the output emptied). */
function completionOf(name: JobName, id: string): SQL {
  return sql`UPDATE pgboss.job SET completed_on = now(), state = 'completed', output = '{}'::jsonb
    WHERE name = ${name} AND id = ${id}::uuid AND state = 'active'`;
}

/** Jobs given back (shutdown) run again at once elsewhere, as if never started. */
export const HAND_BACK_SQL = `
  UPDATE pgboss.job SET state = 'retry', start_after = now(), output = NULL
  WHERE id = ANY($1::uuid[]) AND state = 'active'`;

/**
 * Runs one queue's jobs on this instance, up to `concurrency` at once, with a single fetch loop: woken
 * when a job is queued (here, or elsewhere through the queue's wake-up), when a job ends, when the next
 * delayed job comes due, and at the polling interval otherwise.
 */
export class QueueWorker<Data> {
  private readonly running = new Map<string, Promise<void>>();
  private readonly handedBack = new Set<string>();
  private isPumping = false;
  private isPumpAgain = false;
  /** The last look left jobs waiting (or could not look): a run that ends looks again. */
  private isAnyWaiting = true;
  private isStopping = false;
  private pollTimer: NodeJS.Timeout | undefined;
  private dueTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly boss: PgBoss,
    private readonly log: FastifyBaseLogger,
    private readonly options: QueueWorkerOptions<Data>,
  ) {}

  start(): void {
    this.pollTimer = setInterval(() => this.wake(), this.options.pollIntervalMs).unref();
    this.wake();
  }

  /** Looks for jobs now (a job was queued or came due). */
  wake(): void {
    void this.pump();
  }

  /** A job queued now would be fetched here at once: the worker runs and has a free place. */
  get hasRoom(): boolean {
    return !this.isStopping && this.running.size < this.options.concurrency.limit;
  }

  /** How many jobs run here now. */
  get activeCount(): number {
    return this.running.size;
  }

  /**
   * Stops fetching; running jobs have `graceMs` to finish, then those still running are handed back to
   * run again at once (on another instance, or on this one's next start) instead of waiting for expiry.
   * Answers how many were handed back.
   */
  async stop(graceMs: number): Promise<number> {
    if (this.isStopping) return 0;
    this.isStopping = true;
    clearInterval(this.pollTimer);
    clearTimeout(this.dueTimer);
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.allSettled(this.running.values()), grace]);
    clearTimeout(timer);
    const left = [...this.running.keys()];
    if (left.length === 0) return 0;
    for (const id of left) this.handedBack.add(id);
    await this.boss.getDb().executeSql(HAND_BACK_SQL, [left]);
    this.log.warn({ queue: this.options.name, jobs: left.length }, 'jobs still running at shutdown handed back');
    return left.length;
  }

  private async pump(): Promise<void> {
    if (this.isPumping) {
      this.isPumpAgain = true;
      return;
    }
    this.isPumping = true;
    try {
      do {
        // The embedded database answers on this thread: without a turn of the event loop between
        // fetches, a long queue would keep requests (and start-up) waiting until it is empty.
        await nextTurn();
        this.isPumpAgain = false;
        const free = this.options.concurrency.limit - this.running.size;
        if (this.isStopping || free <= 0) {
          this.isAnyWaiting = true;
          break;
        }
        const { jobs, dueInSeconds } = await this.fetch(free);
        this.options.concurrency.fetched(jobs.length, jobs.length === free);
        this.isAnyWaiting = jobs.length === free || dueInSeconds !== null;
        for (const job of jobs) this.run(job);
        if (jobs.length === free) this.isPumpAgain = true;
        else this.wakeWhenDue(dueInSeconds);
      } while (this.isPumpAgain);
    } catch (error) {
      // The database away, or a run of the same key activated by another instance at the same moment:
      // the next wake-up or poll tries again.
      this.isAnyWaiting = true;
      this.log.error({ err: error, queue: this.options.name }, 'fetching jobs failed');
    } finally {
      this.isPumping = false;
    }
  }

  private async fetch(limit: number): Promise<{ jobs: FetchedJob<Data>[]; dueInSeconds: number | null }> {
    const { name, instanceId } = this.options;
    const { rows } = await this.boss.getDb().executeSql(FETCH_SQL, [name, limit, instanceId]);
    const due = rows.at(-1) as { due_in_seconds: number | null };
    return { jobs: rows.slice(0, -1) as FetchedJob<Data>[], dueInSeconds: due.due_in_seconds };
  }

  private wakeWhenDue(seconds: number | null): void {
    clearTimeout(this.dueTimer);
    if (seconds === null || this.isStopping) return;
    const delayMs = Math.max(0, seconds * 1000) + 50;
    if (delayMs < this.options.pollIntervalMs) this.dueTimer = setTimeout(() => this.wake(), delayMs).unref();
  }

  private run(job: FetchedJob<Data>): void {
    const { name } = this.options;
    // A job handed back at shutdown may run elsewhere already: this run no longer decides its outcome.
    const isOurs = () => !this.handedBack.has(job.id);
    let isCompleted = false;
    const running: RunningJob = {
      completeAlong: async (store) => {
        await store(completionOf(name, job.id));
        isCompleted = true;
      },
    };
    const started = performance.now();
    const settled = this.options
      .handler(job.data, running)
      .finally(() => this.options.concurrency.finished(performance.now() - started))
      .then(
        async () => {
          if (isOurs() && !isCompleted) await this.boss.complete(name, job.id);
        },
        async (error: unknown) => {
          this.log.error({ err: error, queue: name }, 'job failed');
          // Failed, it comes back as a retry after its delay: the next look sets the timer for it.
          this.isAnyWaiting = true;
          if (isOurs()) await this.boss.fail(name, job.id, toOutput(error));
        },
      )
      .catch((error: unknown) => this.log.error({ err: error, queue: name }, 'job outcome not stored'))
      .finally(() => {
        this.running.delete(job.id);
        // The last look found the queue empty: a job queued since wakes the worker itself.
        if (this.isAnyWaiting) this.wake();
      });
    this.running.set(job.id, settled);
  }
}

// Only the message is kept (admin "Sistema" shows it); payloads and errors hold ids, never clinical text.
function toOutput(error: unknown): object {
  return { message: error instanceof Error ? error.message : String(error) };
}
