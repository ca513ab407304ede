import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { waitUntil } from '../../../test/wait-until';

// After a long provider outage in a busy clinic thousands of chunks wait; a restart must not wait on them.
const PENDING = 5_000;
let api: TestApp;
beforeAll(async () => {
  api = await createTestApp((config) => ({ ...config, role: 'api' }));
});
afterAll(() => api.close());

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result: unknown = await api.app.db.execute(query);
  return (result as { rows: { value: number }[] }).rows[0]!.value;
}

describe('restart over many pending chunks', () => {
  it('is ready at once, then queues every pending chunk again in the background', async () => {
    const user = await createLoggedInUser(api.app);
    const { id } = await createTestConsultation(api.app, user.headers);
    // Pending chunks whose audio is gone: each run fails its chunk at once, keeping the queue busy but cheap.
    await api.app.db.execute(sql`
      insert into transcript_chunks (consultation_id, seq, content_type, size, status)
      select ${id}, seq, 'audio/wav', 1, 'pending' from generate_series(0, ${PENDING - 1}) as seq`);

    const worker = await createTestApp(
      (config) => ({ ...config, transcription: { ...config.transcription, concurrency: 1 } }),
      api,
    );
    try {
      const queued = () =>
        count(sql`select count(*)::int as value from pgboss.job
          where name = 'transcribe-chunk' and singleton_key like ${`${id}:%`}`);
      await waitUntil(async () => (await queued()) === PENDING, 'every pending chunk queued again', 60_000);
      // A chunk whose audio is missing is failed, not retried.
      await waitUntil(
        async () =>
          (await count(sql`select count(*)::int as value from transcript_chunks
            where consultation_id = ${id} and status = 'failed'`)) > 0,
        'a chunk without audio failed',
        30_000,
      );
      const result: unknown = await api.app.db.execute(
        sql`select failure from transcript_chunks where consultation_id = ${id} and status = 'failed' limit 1`,
      );
      expect((result as { rows: { failure: string }[] }).rows[0]?.failure).toBe(
        'o áudio deste trecho não foi encontrado no armazenamento',
      );
    } finally {
      await worker.close();
    }
  }, 180_000);
});
