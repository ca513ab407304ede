import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database';
import { waitUntil } from '../../../test/wait-until';
import type { DatabaseHandle } from '../../db/client';
import { MemoryPubSub } from '../pubsub/memory-pubsub';
import { JobQueue } from './job-queue';

// Instances of one deployment share the database and pub/sub; polling is set far beyond each test's
// deadline, so whatever runs was woken (by a send, a wake-up from another instance or a reclaim), not polled.
const NEVER_POLL_MS = 10 * 60_000;
let database: DatabaseHandle;
let pubsub: MemoryPubSub;
const queues: JobQueue[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  pubsub = new MemoryPubSub();
});
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
});
afterAll(() => database.close());

async function startInstance(): Promise<JobQueue> {
  const queue = new JobQueue(database, pino({ level: 'silent' }), {
    expireInSeconds: 600,
    pubsub,
    pollIntervalMs: NEVER_POLL_MS,
  });
  queues.push(queue);
  await queue.start();
  return queue;
}

const key = () => crypto.randomUUID();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('JobQueue', () => {
  it('runs queued jobs back to back, woken by the send rather than a poll', async () => {
    const queue = await startInstance();
    const seen: number[] = [];
    queue.work('transcribe-chunk', 1, async ({ seq }) => {
      seen.push(seq);
      await pause(20);
    });
    const consultationId = key();
    for (const seq of [0, 1, 2, 3, 4, 5]) {
      await queue.send('transcribe-chunk', { consultationId, seq }, { singletonKey: `${consultationId}:${seq}` });
    }
    await waitUntil(() => seen.length >= 6, 'six jobs done', 10_000);
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('runs a failed job again after its retry delay, and a delayed job when it comes due, without a poll', async () => {
    const queue = await startInstance();
    const runs: number[] = [];
    queue.work('learn-style', 1, async () => {
      runs.push(performance.now());
      if (runs.length === 1) throw new Error('the first run fails');
    });
    const userId = key();
    await queue.send('learn-style', { userId }, { singletonKey: userId });
    await waitUntil(() => runs.length === 2, 'the failed job run again', 15_000);
    const consultationId = key();
    let isDelayedRun = false;
    queue.work('finish-transcript', 1, async () => void (isDelayedRun = true));
    await queue.send('finish-transcript', { consultationId }, { singletonKey: consultationId, startAfterSeconds: 1 });
    await waitUntil(() => isDelayedRun, 'the delayed job run when due', 10_000);
  });

  it('wakes the workers of another instance when a job is queued there', async () => {
    const api = await startInstance();
    const worker = await startInstance();
    let ran = '';
    worker.work('read-evidence', 1, async ({ evidenceId }) => void (ran = evidenceId));
    const evidenceId = key();
    await api.send('read-evidence', { evidenceId }, { singletonKey: evidenceId });
    await waitUntil(() => ran === evidenceId, 'the other instance ran the job', 10_000);
  });

  it('wakes another instance when its own worker is full', async () => {
    const busy = await startInstance();
    const other = await startInstance();
    const runs: string[] = [];
    let release = () => {};
    busy.work('read-evidence', 1, async () => {
      runs.push('busy');
      await new Promise<void>((resolve) => (release = resolve));
    });
    const [first, second] = [key(), key()];
    await busy.send('read-evidence', { evidenceId: first }, { singletonKey: first });
    await waitUntil(() => runs.length === 1, 'the first job started', 10_000);
    // The other worker starts with a look of its own, which must be over before the second job is queued.
    other.work('read-evidence', 1, async () => void runs.push('other'));
    await pause(500);
    await busy.send('read-evidence', { evidenceId: second }, { singletonKey: second });
    // Sooner than the 5 s reclaim, which wakes the queues too.
    await waitUntil(() => runs.length === 2, 'the second job run elsewhere', 2_000);
    release();
    expect(runs).toEqual(['busy', 'other']);
  });

  it('lets a running job finish within the grace period when it stops', async () => {
    const queue = await startInstance();
    let isFinished = false;
    let hasStarted = false;
    queue.work('finish-transcript', 1, async () => {
      hasStarted = true;
      await pause(500);
      isFinished = true;
    });
    const consultationId = key();
    await queue.send('finish-transcript', { consultationId }, { singletonKey: consultationId });
    await waitUntil(() => hasStarted, 'the job started', 10_000);
    await queue.stopWorkers(10_000);
    expect(isFinished).toBe(true);
  });

  it('hands a job still running after the grace period back to run elsewhere at once', async () => {
    const leaving = await startInstance();
    const staying = await startInstance();
    const runs: string[] = [];
    leaving.work('remove-audio', 1, async () => {
      runs.push('leaving');
      await new Promise(() => undefined);
    });
    const consultationId = key();
    await leaving.send('remove-audio', { keys: [consultationId] }, { singletonKey: consultationId });
    await waitUntil(() => runs.length === 1, 'the job started', 10_000);
    staying.work('remove-audio', 1, async () => void runs.push('staying'));
    await leaving.stopWorkers(50);
    await waitUntil(() => runs.includes('staying'), 'the other instance ran it', 10_000);
    expect(runs).toEqual(['leaving', 'staying']);
  });

  it("runs other keys while one key's run is stuck, and takes the stuck run over once its instance is gone", async () => {
    const holder = await startInstance();
    const restarted = await startInstance();
    const stuck = key();
    const other = key();
    await holder.send('generate-anamnesis', { anamnesisId: stuck }, { singletonKey: stuck });
    // Its run hangs on an instance that is still alive; a newer delivery of the same key waits behind it.
    await markActive(stuck, holder.instanceId);
    await restarted.send('generate-anamnesis', { anamnesisId: stuck }, { singletonKey: stuck });
    await restarted.send('generate-anamnesis', { anamnesisId: other }, { singletonKey: other });
    const runs: string[] = [];
    restarted.work('generate-anamnesis', 2, async ({ anamnesisId }) => void runs.push(anamnesisId));
    await waitUntil(() => runs.includes(other), 'the other key ran', 10_000);
    expect(runs).toEqual([other]);
    // The holder dies (its lease goes with its connection): its run is handed back and runs here.
    await holder.stop();
    await waitUntil(() => runs.filter((id) => id === stuck).length === 2, 'both runs of the stuck key', 20_000);
  });

  it('at start, hands back what an instance that is gone left running', async () => {
    const anamnesisId = key();
    const first = await startInstance();
    await first.send('generate-anamnesis', { anamnesisId }, { singletonKey: anamnesisId });
    await markActive(anamnesisId, crypto.randomUUID());
    const restarted = await startInstance();
    const runs: string[] = [];
    restarted.work('generate-anamnesis', 1, async (data) => void runs.push(data.anamnesisId));
    await waitUntil(() => runs.includes(anamnesisId), 'the job ran again', 10_000);
  });

  it('brings a job waiting out its backoff forward when sent again to run now', async () => {
    const queue = await startInstance();
    let runs = 0;
    queue.work('read-evidence', 1, async () => void (runs += 1));
    const evidenceId = key();
    await queue.send('read-evidence', { evidenceId }, { singletonKey: evidenceId, startAfterSeconds: 3600 });
    await queue.sendNow('read-evidence', { evidenceId }, evidenceId);
    await waitUntil(() => runs === 1, 'the delayed job ran now', 10_000);
  });
});

async function markActive(singletonKey: string, instanceId: string): Promise<void> {
  await execute(
    `update pgboss.job set state = 'active', started_on = now(), output = jsonb_build_object('instance', $1::text)
     where name = 'generate-anamnesis' and singleton_key = $2`,
    [instanceId, singletonKey],
  );
}

async function execute(text: string, values: unknown[]): Promise<unknown[]> {
  const { source } = database;
  if ('pglite' in source) return (await source.pglite.query(text, values)).rows;
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: source.url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(text, values)).rows;
  } finally {
    await client.end();
  }
}
