import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { rowsOf } from '../../db/raw-rows';

// queue-worker.ts fetches and hands back jobs with SQL of its own on pg-boss's tables (pg-boss 10.4.2, pinned):
// this fails when an upgrade changes what that SQL relies on, before a queue stops fetching in production.
const t = useTestApp();

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return rowsOf<Row>(await t.database.db.execute(query));
}

describe("pg-boss's schema, as the queue worker's SQL reads it", () => {
  it('is schema version 24, with the job columns the fetch and the completion read and write', async () => {
    expect(await rows(sql`SELECT version FROM pgboss.version`)).toEqual([{ version: 24 }]);
    const columns = await rows<{ column_name: string; udt_name: string }>(sql`
      SELECT column_name, udt_name FROM information_schema.columns
      WHERE table_schema = 'pgboss' AND table_name = 'job'`);
    expect(Object.fromEntries(columns.map((column) => [column.column_name, column.udt_name]))).toMatchObject({
      id: 'uuid',
      name: 'text',
      data: 'jsonb',
      state: 'job_state',
      priority: 'int4',
      policy: 'text',
      singleton_key: 'text',
      start_after: 'timestamptz',
      started_on: 'timestamptz',
      created_on: 'timestamptz',
      retry_count: 'int4',
      completed_on: 'timestamptz',
      output: 'jsonb',
    });
  });

  it("orders its states as `state < 'active'` expects: waiting ones first", async () => {
    const [states] = await rows<{ states: string }>(
      sql`SELECT array_to_string(enum_range(NULL::pgboss.job_state), ',') AS states`,
    );
    expect(states?.states.split(',')).toEqual(['created', 'retry', 'active', 'completed', 'cancelled', 'failed']);
  });

  it("keeps each queue's fetch index, and the stately queues' one-run-per-key index the active-run probe uses", async () => {
    const queues = await rows<{ name: string; policy: string; partition_name: string }>(
      sql`SELECT name, policy, partition_name FROM pgboss.queue`,
    );
    expect(queues.map((queue) => queue.policy)).toContain('stately');
    const indexes = await rows<{ tablename: string; indexdef: string }>(
      sql`SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = 'pgboss'`,
    );
    for (const queue of queues) {
      const own = indexes.filter((index) => index.tablename === queue.partition_name).map((index) => index.indexdef);
      expect(own, queue.name).toContainEqual(
        expect.stringMatching(/\(name, start_after\) INCLUDE \(priority, created_on, id\) WHERE \(state < 'active'/),
      );
      if (queue.policy !== 'stately') continue;
      expect(own, queue.name).toContainEqual(
        expect.stringMatching(
          /UNIQUE INDEX .* \(name, state, COALESCE\(singleton_key, ''::text\)\) WHERE \(\(state <= 'active'::pgboss\.job_state\) AND \(policy = 'stately'::text\)\)/,
        ),
      );
    }
  });
});
