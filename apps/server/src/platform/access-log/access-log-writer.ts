import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { accessLog } from '../../db/schema/index';

export type AccessLogRow = typeof accessLog.$inferInsert;

interface Waiting {
  rows: AccessLogRow[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

// Under PostgreSQL's 65,535 parameters per statement at 13 columns a row.
const MAX_ROWS_PER_INSERT = 1_000;
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * Appends access rows by group commit: a request awaits its rows' insert before its answer leaves, and the rows of
 * requests arriving while an insert runs go together in the next one, so a busy instance makes one insert per
 * round trip instead of one per request. Rows whose answer must go out anyway (a change already committed) are
 * kept and retried until the database takes them.
 */
export class AccessLogWriter {
  private waiting: Waiting[] = [];
  private draining = false;
  private unsaved: AccessLogRow[] = [];
  private retryDelayMs = RETRY_FIRST_MS;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Resolves once the rows are stored; rejects if the database refused them. */
  append(rows: AccessLogRow[]): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiting.push({ rows, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  /** Stores the rows now if it can, else keeps them and retries with backoff; never rejects. */
  async appendEventually(rows: AccessLogRow[]): Promise<void> {
    try {
      await this.append(rows);
    } catch (error) {
      this.log.error({ err: error, rows: rows.length }, 'access log rows kept for a retry');
      this.unsaved.push(...rows);
      this.scheduleRetry();
    }
  }

  /** A last attempt for the rows still waiting for a retry, at shutdown. */
  async close(): Promise<void> {
    clearTimeout(this.retryTimer);
    if (this.unsaved.length > 0) await this.retryUnsaved();
    if (this.unsaved.length > 0) this.log.error({ rows: this.unsaved.length }, 'access log rows lost at shutdown');
  }

  private async drain(): Promise<void> {
    this.draining = true;
    while (this.waiting.length > 0) {
      const batch = this.takeBatch();
      try {
        await this.insert(batch.flatMap((entry) => entry.rows));
        for (const entry of batch) entry.resolve();
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        // One request's bad row must not fail the others' requests: each is tried alone.
        else for (const entry of batch) await this.insert(entry.rows).then(entry.resolve, entry.reject);
      }
    }
    this.draining = false;
  }

  private takeBatch(): Waiting[] {
    let rows = 0;
    let count = 0;
    while (
      count < this.waiting.length &&
      (count === 0 || rows + this.waiting[count]!.rows.length <= MAX_ROWS_PER_INSERT)
    ) {
      rows += this.waiting[count]!.rows.length;
      count += 1;
    }
    return this.waiting.splice(0, count);
  }

  private async insert(rows: AccessLogRow[]): Promise<void> {
    for (let start = 0; start < rows.length; start += MAX_ROWS_PER_INSERT) {
      await this.db.insert(accessLog).values(rows.slice(start, start + MAX_ROWS_PER_INSERT));
    }
  }

  private scheduleRetry(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.retryUnsaved().then(() => {
        if (this.unsaved.length > 0) this.scheduleRetry();
      });
    }, this.retryDelayMs);
    this.retryTimer.unref();
    this.retryDelayMs = Math.min(this.retryDelayMs * 2, RETRY_MAX_MS);
  }

  private async retryUnsaved(): Promise<void> {
    const rows = this.unsaved;
    this.unsaved = [];
    try {
      await this.append(rows);
      this.retryDelayMs = RETRY_FIRST_MS;
      this.log.info({ rows: rows.length }, 'access log rows kept for a retry are stored');
    } catch {
      this.unsaved.push(...rows);
    }
  }
}
