import type { TRetryJobsAnswer, TSystemStatus } from '@escriba/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index';
import { createLoggedInUser } from '../../../test/factories';
import { LlmFixture } from '../../../test/llm-fixture';
import { freePort } from '../../../test/server-process';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let llm: LlmFixture;
let admin: Awaited<ReturnType<typeof createLoggedInUser>>;

beforeAll(async () => {
  llm = await LlmFixture.start();
  // Nothing listens there: the faster-whisper server is down.
  const closedPort = await freePort();
  t = await createTestApp((config) => ({
    ...config,
    llm: { ...config.llm, url: llm.baseUrl },
    transcription: {
      ...config.transcription,
      whisper: { ...config.transcription.whisper, url: `http://127.0.0.1:${closedPort}/v1` },
      cloud: { ...config.transcription.cloud, url: undefined },
    },
  }));
  admin = await createLoggedInUser(t.app, { scopes: ['user', 'admin'] });
});
afterAll(async () => {
  await t.close();
  await llm.close();
});

const status = async (headers = admin.headers) => t.app.inject({ method: 'GET', url: '/api/v1/admin/system', headers });

/** A job that failed for good, as pg-boss leaves one after its last retry. */
async function insertFailedJob(message: string): Promise<void> {
  await t.app.db.execute(
    sql`insert into pgboss.job (name, data, state, output, completed_on)
        values ('remove-evidence-files', '{}'::jsonb, 'failed', ${JSON.stringify({ message })}::jsonb, now())`,
  );
}

describe('GET /admin/system', () => {
  it('probes the database, Redis, storage and every provider, each with its state', async () => {
    const response = await status();
    expect(response.statusCode).toBe(200);
    const answer = response.json<TSystemStatus>();
    expect(answer.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(answer.node_version).toBe(process.version);
    const byName = (list: TSystemStatus['providers'], name: string) => list.find((each) => each.name === name);
    expect(byName(answer.dependencies, 'Banco de dados')).toMatchObject({ state: 'ok' });
    expect(byName(answer.dependencies, 'Arquivos')).toMatchObject({ state: 'ok' });
    expect(byName(answer.dependencies, 'Redis')?.state).toBe(process.env.TEST_REDIS_URL ? 'ok' : 'unconfigured');
    expect(byName(answer.providers, 'Anamnese (LLM)')).toMatchObject({ state: 'ok', detail: null });
    expect(byName(answer.providers, 'Transcrição (faster-whisper)')).toMatchObject({
      state: 'down',
      detail: 'Sem conexão com o servidor',
    });
    expect(byName(answer.providers, 'Transcrição (nuvem)')).toMatchObject({ state: 'unconfigured' });
    expect(answer.queues.map((queue) => queue.name)).toContain('transcribe-chunk');
  });

  it('shows failed jobs with their error and runs them again on request, audited', async () => {
    await insertFailedJob('Disco cheio');
    const before = (await status()).json<TSystemStatus>();
    expect(before.queues.find((queue) => queue.name === 'remove-evidence-files')).toMatchObject({ failed: 1 });
    expect(before.recent_failures).toEqual([
      expect.objectContaining({ queue: 'remove-evidence-files', error: 'Disco cheio' }),
    ]);

    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/system/jobs/retry?queue=remove-evidence-files',
      headers: admin.headers,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json<TRetryJobsAnswer>()).toEqual({ queue: 'remove-evidence-files', retried: 1 });
    const after = (await status()).json<TSystemStatus>();
    expect(after.queues.find((queue) => queue.name === 'remove-evidence-files')?.failed).toBe(0);
    const audited = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'admin.jobs_retried'), eq(auditEvents.actorUserId, admin.user.id)));
    expect(audited).toHaveLength(1);
  });

  it('refuses an unknown queue, naming the parameter, and retries nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/system/jobs/retry?queue=nao-existe',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toContain('queue');
  });

  it('is for administrators only', async () => {
    const professional = await createLoggedInUser(t.app);
    expect((await status({} as typeof admin.headers)).statusCode).toBe(401);
    expect((await status(professional.headers)).statusCode).toBe(403);
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/system/jobs/retry?queue=read-evidence',
      headers: professional.headers,
    });
    expect(retry.statusCode).toBe(403);
  });
});
