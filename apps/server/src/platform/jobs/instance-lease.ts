import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/client';

// Advisory-lock namespace of instance leases (any fixed number, apart from the migration lock's).
const LEASE_LOCK_CLASS = 7_340_222;
const RECONNECT_DELAY_MS = 2_000;

// An instance holds its lease (a session-level advisory lock) for as long as its connection lives; a
// killed process's connection closes with it, and its lock with it. A job running on an instance whose
// lock can be taken is therefore a dead instance's job: it is handed back to run again at once, instead
// of waiting out its expiry (minutes, for a generation).
const RECLAIM_SQL = `
  WITH holders AS (
    SELECT DISTINCT output->>'instance' AS instance FROM pgboss.job
    WHERE state = 'active' AND output ? 'instance' AND output->>'instance' <> $1
  ), dead AS (
    SELECT instance FROM holders WHERE pg_try_advisory_xact_lock(${LEASE_LOCK_CLASS}, hashtext(instance))
  )
  UPDATE pgboss.job SET state = 'retry', start_after = now(), output = NULL
  WHERE state = 'active' AND output->>'instance' IN (SELECT instance FROM dead)
  RETURNING name`;

const LOCK_SQL = `SELECT pg_advisory_lock(${LEASE_LOCK_CLASS}, hashtext($1))`;

/** This instance's claim on the jobs it runs, and the sweep that takes over dead instances' jobs. */
export class InstanceLease {
  readonly instanceId = crypto.randomUUID();
  private client: pg.Client | undefined;
  private isClosed = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly boss: PgBoss,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Takes the lease: on PostgreSQL on a connection of its own, on the embedded database on its one session. */
  async acquire(): Promise<void> {
    const { source } = this.database;
    if (!('url' in source)) {
      await source.pglite.query(LOCK_SQL, [this.instanceId]);
      return;
    }
    const client = new pg.Client({ connectionString: source.url });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'job lease connection lost; taking the lease again');
      this.client = undefined;
      this.reacquireLater();
    });
    await client.connect();
    await client.query(LOCK_SQL, [this.instanceId]);
    this.client = client;
  }

  /** Hands back the jobs of instances that are gone; answers the queues that got jobs back. */
  async reclaim(): Promise<string[]> {
    const result = await this.boss.getDb().executeSql(RECLAIM_SQL, [this.instanceId]);
    const queues = (result.rows as { name: string }[]).map((row) => row.name);
    if (queues.length > 0) this.log.warn({ jobs: queues.length }, "a stopped instance's jobs handed back");
    return [...new Set(queues)];
  }

  async release(): Promise<void> {
    this.isClosed = true;
    const { client } = this;
    this.client = undefined;
    // Closing the connection releases the lock.
    await client?.end().catch(() => undefined);
  }

  private reacquireLater(): void {
    if (this.isClosed) return;
    setTimeout(() => {
      if (this.isClosed || this.client) return;
      this.acquire().catch((error: unknown) => {
        this.log.warn({ err: error }, 'job lease not taken yet');
        this.reacquireLater();
      });
    }, RECONNECT_DELAY_MS).unref();
  }
}
