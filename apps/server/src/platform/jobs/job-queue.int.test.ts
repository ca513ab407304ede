import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database';
import { waitUntil } from '../../../test/wait-until';
import type { DatabaseHandle } from '../../db/client';
import { JobQueue } from './job-queue';

let database: DatabaseHandle;
let queue: JobQueue;
const seen: number[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  queue = new JobQueue(database, pino({ level: 'silent' }), { expireInSeconds: 30 });
  await queue.start();
  await queue.work('transcribe-chunk', 1, async ({ seq }) => {
    seen.push(seq);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
});
afterAll(async () => {
  await queue.stop();
  await database.close();
});

describe('JobQueue', () => {
  it('runs queued jobs back to back, not one per polling interval', async () => {
    const consultationId = crypto.randomUUID();
    const started = Date.now();
    for (const seq of [0, 1, 2, 3, 4, 5]) {
      await queue.send('transcribe-chunk', { consultationId, seq }, { singletonKey: `${consultationId}:${seq}` });
    }
    await waitUntil(() => seen.length >= 6, 'six jobs done', 10_000);
    // One worker, six jobs of 50 ms: well under the 6 s that a wait of the polling interval after each would take.
    expect(Date.now() - started).toBeLessThan(3_000);
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('lets a running job finish when it stops', async () => {
    const other = new JobQueue(database, pino({ level: 'silent' }), { expireInSeconds: 30 });
    await other.start();
    let isFinished = false;
    let hasStarted = false;
    await other.work('finish-transcript', 1, async () => {
      hasStarted = true;
      await new Promise((resolve) => setTimeout(resolve, 700));
      isFinished = true;
    });
    const consultationId = crypto.randomUUID();
    await other.send('finish-transcript', { consultationId }, { singletonKey: consultationId });
    await waitUntil(() => hasStarted, 'the job started', 10_000);
    await other.stop();
    expect(isFinished).toBe(true);
  });
});
