import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestApp, type TestApp } from '../test/test-app';
import { JOB_NAMES } from './platform/jobs/job-names';
import { JobQueue } from './platform/jobs/job-queue';
import { startWorkers } from './platform/jobs/job-registry';
import { MemoryPubSub } from './platform/pubsub/memory-pubsub';

// ROLE splits one deployment: `api` instances serve HTTP and queue jobs, `worker` instances run them.
let api: TestApp;
let worker: TestApp;
beforeAll(async () => {
  api = await createTestApp((config) => ({ ...config, role: 'api' }));
  worker = await createTestApp((config) => ({ ...config, role: 'worker' }), api);
});
afterAll(async () => {
  await worker.close();
  await api.close();
});

describe('ROLE', () => {
  it('api: serves the API and runs no job', async () => {
    expect((await api.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).statusCode).toBe(200);
    expect(api.app.jobs.workedQueues).toEqual([]);
  });

  it('worker: runs every queue and serves only its health checks', async () => {
    expect([...worker.app.jobs.workedQueues].sort()).toEqual([...JOB_NAMES].sort());
    expect((await worker.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await worker.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ status: 'ready' });
    for (const url of ['/api/v1/openapi.json', '/api/v1/user/me/', '/']) {
      expect((await worker.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('refuses to start workers when a queue has no handler', () => {
    const jobs = new JobQueue(api.database, pino({ level: 'silent' }), {
      expireInSeconds: 60,
      pubsub: new MemoryPubSub(),
    });
    const handle = async () => undefined;
    expect(() =>
      startWorkers(jobs, {
        'transcribe-chunk': { concurrency: 1, handle },
        'finish-transcript': { concurrency: 1, handle },
      }),
    ).toThrow(
      'job queues without a handler: label-speakers, read-evidence, remove-evidence-files, remove-audio, generate-anamnesis, generate-document',
    );
    expect(jobs.workedQueues).toEqual([]);
  });
});
