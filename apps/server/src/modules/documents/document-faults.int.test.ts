import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../../../test/factories';
import { createTestConsultation } from '../../../test/clinical-factories';
import type { LlmFixtureAnswer } from '../../../test/llm-fixture';
import { createTestApp, useTestApp } from '../../../test/test-app';
import type { Config } from '../../config';
import { creditMovements, documentVersions } from '../../db/schema/index';
import {
  balanceOf,
  createGenerationScene,
  grant,
  ROOMY_LLM_TIMEOUTS,
  useGenerationSetup,
} from '../../../test/anamnesis-test-setup';
import { generateDocument } from './generate-document';
import {
  answerDocuments,
  EXAMES_ANSWER,
  documentMessages,
  listDocuments,
  postDocument,
  settledDocument,
  startDocument,
} from '../../../test/documents-test-setup';

// Short timeouts, so a provider that does not answer fails the generation within the test; not so short that a
// loaded machine's request misses them (a CI run under load missed 4 s). Each test drops answers an earlier one left.
const setup = useGenerationSetup((config) => ({
  ...config,
  llm: { ...config.llm, timeoutMs: 8_000, idleTimeoutMs: 6_000 },
}));
beforeEach(() => setup.fixture.dropQueued());

const MALFORMED: LlmFixtureAnswer = { content: '{"items": "não é uma lista"' };

const FAULTS: { name: string; answers: LlmFixtureAnswer[]; statusCode: number; detail: string }[] = [
  { name: '500', answers: [{ status: 500 }], statusCode: 502, detail: 'está indisponível no momento' },
  { name: 'timeout', answers: [{ delayMs: 10_000 }], statusCode: 504, detail: 'não respondeu a tempo' },
  { name: 'malformed twice', answers: [MALFORMED, MALFORMED], statusCode: 502, detail: 'fora do formato pedido' },
  {
    name: 'a property not of the kind, twice',
    answers: [
      { json: { ...EXAMES_ANSWER, items: [{ exam: 7 }] } },
      { json: { ...EXAMES_ANSWER, clinical_indication: 'texto' } },
    ],
    statusCode: 502,
    detail: 'fora do formato pedido',
  },
];

const refundsOf = (documentId: string) =>
  setup.a.app.db
    .select()
    .from(creditMovements)
    .where(and(eq(creditMovements.documentId, documentId), eq(creditMovements.kind, 'refund')));

describe('document generation faults', () => {
  it.each(FAULTS)(
    '$name: the document fails with the reason, the credit is returned once, a system message says so',
    async ({ answers, statusCode, detail }) => {
      const { a, fixture, socketBase } = setup;
      const scene = await createGenerationScene(a.app, socketBase, { credits: 1 });
      fixture.respond = answerDocuments({ exames: EXAMES_ANSWER });
      fixture.enqueue(...answers);
      const { id } = await startDocument(a.app, scene.user.headers, scene.consultationId, 'exames');
      expect(await balanceOf(a.app, scene.user.user.id)).toBe(0);

      const failed = await settledDocument(a.app, scene.user.headers, scene.consultationId, id);
      expect(failed).toMatchObject({ status: 'failed', content: null, version: 1 });
      expect(failed.failure).toContain(detail);
      expect(failed.failure).toContain('O crédito desta geração foi devolvido; você pode tentar de novo.');
      const system = await scene.client.next((message) => message.type === 'system' && message.document_id === id);
      expect(system).toEqual({
        type: 'system',
        consultation_id: scene.consultationId,
        document_id: id,
        kind: 'exames',
        status_code: statusCode,
        detail: failed.failure,
      });
      expect(documentMessages(scene.client, id).some((message) => message.type === 'end')).toBe(false);
      expect(await balanceOf(a.app, scene.user.user.id)).toBe(1);
      for (const instance of [a, setup.b]) {
        const me = await instance.app.inject({ method: 'GET', url: '/api/v1/user/me/', headers: scene.user.headers });
        expect(me.json<{ credits: number }>().credits).toBe(1);
      }
      expect(await refundsOf(id)).toMatchObject([{ amount: 1, reason: 'Geração de documento não concluída' }]);

      // The professional can ask again at once, and it goes through.
      const retry = await startDocument(a.app, scene.user.headers, scene.consultationId, 'exames');
      expect((await settledDocument(a.app, scene.user.headers, scene.consultationId, retry.id)).status).toBe('ready');
      scene.client.close();
    },
    40_000,
  );

  it('a job delivered again, during or after a run, stores, refunds and announces once', async () => {
    const { a, fixture, socketBase } = setup;
    const scene = await createGenerationScene(a.app, socketBase, { credits: 2 });
    fixture.respond = answerDocuments({ exames: EXAMES_ANSWER });
    fixture.enqueue({ json: EXAMES_ANSWER, delayMs: 300 });
    const { id } = await startDocument(a.app, scene.user.headers, scene.consultationId, 'exames');
    const [version] = await a.app.db.select().from(documentVersions).where(eq(documentVersions.documentId, id));
    await Promise.all([generateDocument(a.app, version!.id), generateDocument(a.app, version!.id)]);
    expect((await settledDocument(a.app, scene.user.headers, scene.consultationId, id)).status).toBe('ready');
    await scene.client.next((message) => message.type === 'end' && message.document_id === id);
    const requests = fixture.requests.length;
    await generateDocument(a.app, version!.id);
    expect(fixture.requests.length).toBe(requests);
    expect(await balanceOf(a.app, scene.user.user.id)).toBe(1);

    fixture.respond = () => ({ status: 500 });
    const failing = await startDocument(a.app, scene.user.headers, scene.consultationId, 'exames');
    const [failingVersion] = await a.app.db
      .select()
      .from(documentVersions)
      .where(eq(documentVersions.documentId, failing.id));
    await Promise.all([generateDocument(a.app, failingVersion!.id), generateDocument(a.app, failingVersion!.id)]);
    expect((await settledDocument(a.app, scene.user.headers, scene.consultationId, failing.id)).status).toBe('failed');
    await scene.client.next((message) => message.type === 'system' && message.document_id === failing.id);
    await generateDocument(a.app, failingVersion!.id);
    expect(documentMessages(scene.client, id).filter((message) => message.type === 'end')).toHaveLength(1);
    expect(await refundsOf(failing.id)).toHaveLength(1);
    expect(await balanceOf(a.app, scene.user.user.id)).toBe(1);
    scene.client.close();
  });

  it('answers 402 without balance, storing nothing; with an Idempotency-Key a repeat spends nothing more', async () => {
    const { a, fixture } = setup;
    fixture.respond = answerDocuments({ exames: EXAMES_ANSWER });
    const user = await createLoggedInUser(a.app);
    const consultation = await createTestConsultation(a.app, user.headers);
    const refused = await postDocument(a.app, user.headers, consultation.id, 'exames');
    expect(refused.statusCode).toBe(402);
    expect(refused.json<{ detail: string }>().detail).toMatch(/^Créditos insuficientes: cada geração usa 1 crédito/);
    expect(await listDocuments(a.app, user.headers, consultation.id)).toEqual([]);

    await grant(a.app, user.user.id, 2);
    const headers = { ...user.headers, 'idempotency-key': randomUUID() };
    const first = await postDocument(a.app, headers, consultation.id, 'exames');
    const repeat = await postDocument(a.app, headers, consultation.id, 'exames');
    expect(first.statusCode, first.body).toBe(202);
    expect(repeat.json()).toEqual(first.json());
    expect(await listDocuments(a.app, user.headers, consultation.id)).toHaveLength(1);
    expect(await balanceOf(a.app, user.user.id)).toBe(1);
  });

  it('survives a restart: a generation whose instance died is run by the next one at start-up', async () => {
    const { fixture } = setup;
    fixture.respond = answerDocuments({ exames: EXAMES_ANSWER });
    const withFixture = (role: 'api' | 'all') => (config: Config) => ({
      ...config,
      role,
      llm: { ...config.llm, url: fixture.baseUrl, ...ROOMY_LLM_TIMEOUTS },
    });
    // An instance that only answers requests accepts the document; it dies before any worker runs it.
    const api = await createTestApp(withFixture('api'));
    try {
      const scene = await createGenerationScene(api.app, undefined, { credits: 1 });
      const { id } = await startDocument(api.app, scene.user.headers, scene.consultationId, 'exames');
      await api.app.db.execute(sql`delete from pgboss.job where name = 'generate-document'`);

      const restarted = await createTestApp(withFixture('all'), api);
      try {
        const ready = await settledDocument(restarted.app, scene.user.headers, scene.consultationId, id);
        expect(ready).toMatchObject({ status: 'ready', content: { items: [{ exam: 'Hemograma completo' }] } });
        expect(await balanceOf(restarted.app, scene.user.user.id)).toBe(0);
      } finally {
        await restarted.close();
      }
    } finally {
      await api.close();
    }
  }, 60_000);
});

describe('without LLM_URL', () => {
  // Made before the test, under the hook's longer timeout: starting an app is slow on a busy machine.
  const unconfigured = useTestApp();

  it('answers 503 saying generation is not configured, and spends or stores nothing', async () => {
    const scene = await createGenerationScene(unconfigured.app, undefined, { credits: 1 });
    const response = await postDocument(unconfigured.app, scene.user.headers, scene.consultationId, 'receita');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      detail: 'A geração de documentos não está configurada neste servidor (LLM_URL).',
    });
    expect(await balanceOf(unconfigured.app, scene.user.user.id)).toBe(1);
    expect(await listDocuments(unconfigured.app, scene.user.headers, scene.consultationId)).toEqual([]);
  });
});
