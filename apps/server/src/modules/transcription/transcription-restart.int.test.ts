import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { waitUntil } from '../../../test/wait-until';
import { SWEEP_BATCH } from '../../platform/jobs/orphaned-work';
import { consistencySweep } from '../../workers';

// After a long provider outage in a busy clinic thousands of chunks wait; a restart must not wait on them, nor
// queue them all again at once.
const PENDING = 5_000;
// Each test on a database of its own: the first one's thousands of chunks are not the second one's work.
let api: TestApp;
beforeEach(async () => {
  api = await createTestApp((config) => ({ ...config, role: 'api' }));
});
afterEach(() => api.close());

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result: unknown = await api.app.db.execute(query);
  return (result as { rows: { value: number }[] }).rows[0]!.value;
}

// Chunks whose jobs were lost (work is queued with its rows, so only a bug or an operator's hand loses them).
async function insertChunksWithoutAudio(consultationId: string, howMany: number): Promise<void> {
  await api.app.db.execute(
    sql`insert into transcriptions (consultation_id, mode) values (${consultationId}, 'faster-whisper')`,
  );
  await api.app.db.execute(sql`
    insert into transcript_chunks (consultation_id, seq, content_type, size, status)
    select ${consultationId}, seq, 'audio/wav', 1, 'pending' from generate_series(0, ${howMany - 1}) as seq`);
}

describe('restart over many pending chunks', () => {
  it('is ready at once; the consistency sweep queues chunks left without a job in bounded batches', async () => {
    const user = await createLoggedInUser(api.app);
    const { id } = await createTestConsultation(api.app, user.headers);
    await insertChunksWithoutAudio(id, PENDING);
    const restarted = await createTestApp((config) => config, api);
    try {
      // Ready while the chunks still wait: on the embedded database the workers once kept the event loop
      // until every queued chunk had run (here, failed for its missing audio).
      const pending = await count(sql`select count(*)::int as value from transcript_chunks
        where consultation_id = ${id} and status = 'pending'`);
      expect(pending).toBeGreaterThan(0);
      // Only the queueing is looked at from here: running the jobs is the next test's.
      await restarted.app.jobs.stopWorkers(0);
      const queued = () =>
        count(sql`select count(*)::int as value from pgboss.job
          where name = 'transcribe-chunk' and singleton_key like ${`${id}:%`}`);
      // The sweep at start-up queued one batch; each sweep after it the next, never a chunk twice.
      await waitUntil(async () => (await queued()) === SWEEP_BATCH, 'the first batch queued', 30_000);
      await consistencySweep(restarted.app);
      expect(await queued()).toBe(2 * SWEEP_BATCH);
      await consistencySweep(restarted.app);
      expect(await queued()).toBe(3 * SWEEP_BATCH);
    } finally {
      await restarted.close();
    }
  }, 120_000);

  it('fails a pending chunk whose audio is missing, instead of retrying it', async () => {
    const user = await createLoggedInUser(api.app);
    const { id } = await createTestConsultation(api.app, user.headers);
    await insertChunksWithoutAudio(id, 1);
    const restarted = await createTestApp((config) => config, api);
    try {
      const failed = await waitUntil(
        async () => {
          const result: unknown = await api.app.db.execute(
            sql`select failure, audio_key from transcript_chunks where consultation_id = ${id} and status = 'failed'`,
          );
          return (result as { rows: { failure: string; audio_key: string | null }[] }).rows[0];
        },
        'the chunk failed',
        30_000,
      );
      // It no longer points at audio that is gone.
      expect(failed).toEqual({ failure: 'o áudio deste trecho não foi encontrado no armazenamento', audio_key: null });
    } finally {
      await restarted.close();
    }
  }, 60_000);
});
