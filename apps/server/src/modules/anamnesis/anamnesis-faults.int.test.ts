import type { TAnamnesisVersion } from '@escriba/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { anamnesisVersions, creditMovements, users } from '../../db/schema/index';
import type { LlmFixtureAnswer } from '../../../test/llm-fixture';
import {
  answerWith,
  balanceOf,
  createGenerationScene,
  getAnamnesis,
  grant,
  messagesOf,
  postGeneration,
  settledVersion,
  useGenerationSetup,
} from '../../../test/anamnesis-test-setup';
import { consistencySweep } from '../../workers';
import { failStaleGenerations, generateAnamnesis } from './generate-anamnesis';

// Short timeouts, so a provider that does not answer fails the generation within the test.
const setup = useGenerationSetup((config) => ({
  ...config,
  llm: { ...config.llm, timeoutMs: 1_500, idleTimeoutMs: 1_000 },
}));

const MALFORMED: LlmFixtureAnswer = { content: '{"queixa_principal": "não é um objeto"' };

const FAULTS: { name: string; answers: LlmFixtureAnswer[]; statusCode: number; detail: string }[] = [
  { name: 'timeout', answers: [{ delayMs: 2_500 }], statusCode: 504, detail: 'não respondeu a tempo' },
  { name: '500', answers: [{ status: 500 }], statusCode: 502, detail: 'está indisponível no momento' },
  { name: '429', answers: [{ status: 429, retryAfter: '30' }], statusCode: 429, detail: 'limite de pedidos (429)' },
  { name: 'cut stream', answers: [{ cutAfterBytes: 300, tokenSize: 4 }], statusCode: 502, detail: 'foi interrompida' },
  { name: 'key refused', answers: [{ status: 401 }], statusCode: 503, detail: 'recusou a chave de acesso' },
  { name: 'malformed twice', answers: [MALFORMED, MALFORMED], statusCode: 502, detail: 'fora do formato pedido' },
];

describe('anamnesis generation faults', () => {
  it.each(FAULTS)(
    '$name: the version fails with the reason, the credit is returned, a system message says so',
    async ({ answers, statusCode, detail }) => {
      const { a, fixture, socketBase } = setup;
      const scene = await createGenerationScene(a.app, socketBase, { credits: 1 });
      fixture.respond = answerWith(() => 'não deveria ser pedido');
      fixture.enqueue(...answers);
      const response = await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId);
      expect(response.statusCode).toBe(202);
      const { id } = response.json<TAnamnesisVersion>();
      expect(await balanceOf(a.app, scene.user.user.id)).toBe(0);

      const failed = await settledVersion(a.app, scene.user.headers, scene.consultationId, id);
      expect(failed).toMatchObject({ status: 'failed', fields: [] });
      expect(failed.failure).toContain(detail);
      expect(failed.failure).toContain('O crédito desta geração foi devolvido; você pode tentar de novo.');
      const system = await scene.client.next(
        (message) => message.type === 'system' && message.status_code === statusCode,
      );
      expect(system).toEqual({
        type: 'system',
        consultation_id: scene.consultationId,
        anamnesis_id: id,
        status_code: statusCode,
        detail: failed.failure,
      });
      expect(messagesOf(scene.client, id).some((message) => message.type === 'end')).toBe(false);
      expect(await balanceOf(a.app, scene.user.user.id)).toBe(1);
      for (const instance of [a, setup.b]) {
        const me = await instance.app.inject({ method: 'GET', url: '/api/v1/user/me/', headers: scene.user.headers });
        expect(me.json<{ credits: number }>().credits).toBe(1);
      }
      const refunds = await a.app.db
        .select()
        .from(creditMovements)
        .where(and(eq(creditMovements.anamnesisId, id), eq(creditMovements.kind, 'refund')));
      expect(refunds).toHaveLength(1);

      // The professional can try again at once, and it goes through.
      const retry = await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId);
      expect(retry.statusCode).toBe(202);
      expect(
        (await settledVersion(a.app, scene.user.headers, scene.consultationId, retry.json<TAnamnesisVersion>().id))
          .status,
      ).toBe('ready');
      scene.client.close();
    },
  );

  it('a failed generation takes no number shown: the retry is the note’s version 1, the failed one has none', async () => {
    const { a, fixture, socketBase } = setup;
    const scene = await createGenerationScene(a.app, socketBase, { credits: 2 });
    const generate = async () => {
      const response = await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId);
      const started = response.json<TAnamnesisVersion>();
      await settledVersion(a.app, scene.user.headers, scene.consultationId, started.id);
      return started;
    };
    fixture.respond = answerWith(() => 'Texto');
    fixture.enqueue({ status: 500 });
    expect(await generate()).toMatchObject({ version: 1, number: 1, status: 'generating' });
    expect(await generate()).toMatchObject({ version: 2, number: 1, status: 'generating' });
    const { versions } = await getAnamnesis(a.app, scene.user.headers, scene.consultationId);
    expect(versions.map(({ version, number, status }) => ({ version, number, status }))).toEqual([
      { version: 2, number: 1, status: 'ready' },
      { version: 1, number: null, status: 'failed' },
    ]);
    scene.client.close();
  });

  it('a job delivered again, during or after a run, spends, stores, refunds and announces once', async () => {
    const { a, fixture, socketBase } = setup;
    const scene = await createGenerationScene(a.app, socketBase, { credits: 2 });
    fixture.respond = answerWith((id) => `Texto ${id}`);
    fixture.enqueue({ json: { queixa_principal: { text: 'Primeiro', sources: [] } }, delayMs: 300 });
    // The slow first answer is malformed: the queue's run retries it while a second delivery runs beside it.
    const { id } = (
      await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId)
    ).json<TAnamnesisVersion>();
    await Promise.all([generateAnamnesis(a.app, id), generateAnamnesis(a.app, id)]);
    const stored = await settledVersion(a.app, scene.user.headers, scene.consultationId, id);
    expect(stored.status).toBe('ready');
    await scene.client.next(
      (message) => message.type === 'end' && (message as { anamnesis_id?: string }).anamnesis_id === id,
    );
    // A run after the end does nothing: no request, no message, no new version.
    const requests = fixture.requests.length;
    await generateAnamnesis(a.app, id);
    await failStaleGenerations(a.app, 0);
    expect(fixture.requests.length).toBe(requests);
    expect((await getAnamnesis(a.app, scene.user.headers, scene.consultationId)).versions).toHaveLength(1);
    expect(await balanceOf(a.app, scene.user.user.id)).toBe(1);

    // Failed twice over: refunded once.
    fixture.respond = () => ({ status: 500 });
    const failing = (
      await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId)
    ).json<TAnamnesisVersion>();
    await Promise.all([generateAnamnesis(a.app, failing.id), generateAnamnesis(a.app, failing.id)]);
    expect((await settledVersion(a.app, scene.user.headers, scene.consultationId, failing.id)).status).toBe('failed');
    // Its messages come after any that the run after the end could have sent: no second end came.
    await scene.client.next((message) => (message as { anamnesis_id?: string }).anamnesis_id === failing.id);
    expect(messagesOf(scene.client, id).filter((message) => message.type === 'end')).toHaveLength(1);
    await generateAnamnesis(a.app, failing.id);
    expect(await balanceOf(a.app, scene.user.user.id)).toBe(1);
    expect(
      await a.app.db
        .select()
        .from(creditMovements)
        .where(and(eq(creditMovements.anamnesisId, failing.id), eq(creditMovements.kind, 'refund'))),
    ).toHaveLength(1);
    scene.client.close();
  });

  it('a version left generating by a dead instance is queued again at start-up, or failed and refunded once stale', async () => {
    const { a, fixture, socketBase } = setup;
    const scene = await createGenerationScene(a.app, socketBase, { credits: 1 });
    const { headers } = scene.user;
    /** As if the instance died during the version's run: generating, spent, its job gone. */
    async function crashDuring(): Promise<string> {
      fixture.enqueue({ status: 500 });
      const { id } = (
        await postGeneration(a.app, headers, scene.consultationId, scene.templateId)
      ).json<TAnamnesisVersion>();
      await settledVersion(a.app, headers, scene.consultationId, id);
      await a.app.db
        .update(anamnesisVersions)
        .set({ status: 'generating', failure: null, finishedAt: null })
        .where(eq(anamnesisVersions.id, id));
      await a.app.db
        .delete(creditMovements)
        .where(and(eq(creditMovements.anamnesisId, id), eq(creditMovements.kind, 'refund')));
      await a.app.db.update(users).set({ credits: 0 }).where(eq(users.id, scene.user.user.id));
      return id;
    }

    const resumed = await crashDuring();
    fixture.respond = answerWith((id) => `Retomada ${id}`);
    await consistencySweep(a.app);
    expect((await settledVersion(a.app, headers, scene.consultationId, resumed)).status).toBe('ready');
    expect(await balanceOf(a.app, scene.user.user.id)).toBe(0);

    await grant(a.app, scene.user.user.id, 1);
    const stale = await crashDuring();
    await failStaleGenerations(a.app, 60 * 60_000);
    expect((await getAnamnesis(a.app, headers, scene.consultationId)).latest?.status).toBe('generating');
    await failStaleGenerations(a.app, 0);
    const failed = (await getAnamnesis(a.app, headers, scene.consultationId)).latest!;
    expect(failed).toMatchObject({ id: stale, status: 'failed' });
    expect(failed.failure).toContain('A geração não terminou');
    expect(await balanceOf(a.app, scene.user.user.id)).toBe(1);
    scene.client.close();
  });
});

describe('without LLM_URL', () => {
  // Made before the test, under the hook's longer timeout: starting an app is slow on a busy machine.
  const unconfigured = useTestApp();

  it('answers 503 saying generation is not configured, and spends or stores nothing', async () => {
    const scene = await createGenerationScene(unconfigured.app, undefined, { credits: 1 });
    const response = await postGeneration(unconfigured.app, scene.user.headers, scene.consultationId, scene.templateId);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      detail: 'A geração de anamnese não está configurada neste servidor (LLM_URL).',
    });
    expect(await balanceOf(unconfigured.app, scene.user.user.id)).toBe(1);
    expect((await getAnamnesis(unconfigured.app, scene.user.headers, scene.consultationId)).versions).toEqual([]);
  });
});
