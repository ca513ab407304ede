import type { TAdminPersona, TAdminPrompt, TAdminTemplate, TPromptTestResult } from '@escriba/contract';
import { count } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLocs } from '../../../test/account-requests';
import { createLoggedInAdmin } from '../../../test/admin-test-requests';
import { adminCall } from '../../../test/assistant-test-requests';
import { createLoggedInUser } from '../../../test/factories';
import { LlmFixture } from '../../../test/llm-fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { anamnesisVersions, creditMovements } from '../../db/schema/index';

type Headers = Record<string, string>;
let fixture: LlmFixture;
let t: TestApp;
let unconfigured: TestApp;
let admin: Headers;
let ids: { prompt_id: string; persona_id: string; template_id: string };
let anamnesisPrompt: TAdminPrompt;
let persona: TAdminPersona;
let template: TAdminTemplate;

beforeAll(async () => {
  fixture = await LlmFixture.start();
  t = await createTestApp((config) => ({
    ...config,
    llm: { ...config.llm, url: fixture.baseUrl, timeoutMs: 2_500, idleTimeoutMs: 2_000 },
  }));
  unconfigured = await createTestApp();
  ({ headers: admin } = await createLoggedInAdmin(t.app));
  const prompts = (await adminCall(t.app, admin, 'GET', '/prompt/')).json<TAdminPrompt[]>();
  anamnesisPrompt = prompts.find((prompt) => prompt.purpose === 'anamnesis' && !prompt.active) ?? prompts[0]!;
  persona = (await adminCall(t.app, admin, 'GET', '/prompt/persona/')).json<TAdminPersona[]>()[1]!;
  template = (await adminCall(t.app, admin, 'GET', '/template/'))
    .json<TAdminTemplate[]>()
    .find((each) => each.name === 'SOAP')!;
  ids = { prompt_id: anamnesisPrompt.id, persona_id: persona.id, template_id: template.id };
});
afterAll(async () => {
  await unconfigured.close();
  await t.close();
  await fixture.close();
});

const test = (payload: unknown, as: Headers = admin, app = t.app) =>
  adminCall(app, as, 'POST', '/prompt/test', payload);
const stored = async () => ({
  versions: (await t.app.db.select({ total: count() }).from(anamnesisVersions))[0]!.total,
  credits: (await t.app.db.select({ total: count() }).from(creditMovements))[0]!.total,
});

describe('the "testar" panel', () => {
  it("writes the sample's note with the prompt, persona and template given, storing nothing", async () => {
    const before = await stored();
    fixture.enqueue({
      json: {
        subjetivo: { text: 'Cefaleia em aperto há três semanas.', sources: ['T2', 'T4', 'T99'] },
        objetivo: { text: 'PA 138/88 mmHg.', sources: ['T13'] },
        avaliacao: { text: '', sources: ['T14'] },
        plano: { text: 'Reduzir dipirona; retorno em quatro semanas.', sources: ['T14'] },
      },
    });
    const response = await test(ids);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<TPromptTestResult>();
    expect(result.model).toBe('gpt-4o-mini');
    expect(result.fields.map((field) => [field.field_id, field.text])).toEqual([
      ['subjetivo', 'Cefaleia em aperto há três semanas.'],
      ['objetivo', 'PA 138/88 mmHg.'],
      ['avaliacao', 'Não informado'],
      ['plano', 'Reduzir dipirona; retorno em quatro semanas.'],
    ]);
    // Labels the sample does not have are dropped.
    expect(result.fields[0]!.sources.transcript.map((source) => source.seq)).toEqual([2, 4]);
    expect(result.fields[2]!.sources.transcript).toEqual([]);
    expect(result.sample.transcript[1]).toContain('três semanas');

    const [request] = fixture.requests.slice(-1);
    const [system, user] = request!.body.messages!;
    expect(system!.content).toContain(persona.instructions);
    expect(system!.content).toContain(anamnesisPrompt.text);
    expect(user!.content).toContain('[T2 00:06–00:12] Paciente: Bom dia, doutor.');
    expect(user!.content).toContain('- subjetivo: "S — Subjetivo"');
    expect(await stored()).toEqual(before);
  });

  it('answers 502 or 504 with a Portuguese detail when the provider fails, 503 without LLM_URL', async () => {
    fixture.enqueue({ status: 500 });
    const unavailable = await test(ids);
    expect(unavailable.statusCode).toBe(502);
    expect(unavailable.json()).toEqual({ detail: 'O serviço de geração de texto está indisponível no momento.' });

    fixture.enqueue({ content: '{"subjetivo": 3}' });
    const malformed = await test(ids);
    expect(malformed.statusCode).toBe(502);
    expect(malformed.json()).toEqual({
      detail: 'O serviço de geração de texto devolveu uma resposta fora do formato pedido.',
    });

    fixture.enqueue({ delayMs: 3_000 });
    const late = await test(ids);
    expect(late.statusCode).toBe(504);
    expect(late.json()).toEqual({ detail: 'O serviço de geração de texto não respondeu a tempo.' });

    const { headers } = await createLoggedInAdmin(unconfigured.app);
    const first = async (path: string) =>
      (await adminCall(unconfigured.app, headers, 'GET', path)).json<{ id: string }[]>()[0]!.id;
    const elsewhere = {
      prompt_id: await first('/prompt/'),
      persona_id: await first('/prompt/persona/'),
      template_id: await first('/template/'),
    };
    const none = await test(elsewhere, headers, unconfigured.app);
    expect(none.statusCode).toBe(503);
    expect(none.json()).toEqual({ detail: 'A geração de texto não está configurada neste servidor (LLM_URL).' });
  });

  it("refuses ids that are not a prompt of anamnesis, a persona or an administrators' template (422)", async () => {
    const requests = fixture.requests.length;
    const rewrite = (await adminCall(t.app, admin, 'GET', '/prompt/'))
      .json<TAdminPrompt[]>()
      .find((prompt) => prompt.purpose === 'field_rewrite')!;
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/templates/anamnesis/',
      headers: (await createLoggedInUser(t.app)).headers,
      payload: { name: 'Meu', fields: template.fields },
    });
    const cases: [unknown, (string | number)[], string][] = [
      [{ ...ids, prompt_id: randomUUID() }, ['body', 'prompt_id'], 'Prompt não encontrado'],
      [{ ...ids, prompt_id: rewrite.id }, ['body', 'prompt_id'], 'Só prompts de anamnese podem ser testados aqui'],
      [{ ...ids, persona_id: randomUUID() }, ['body', 'persona_id'], 'Persona não encontrada'],
      [{ ...ids, template_id: own.json<{ id: string }>().id }, ['body', 'template_id'], 'Modelo não encontrado'],
      [{ ...ids, consultation_id: randomUUID() }, ['body', 'consultation_id'], ''],
      [{ ...ids, persona_id: 'persona' }, ['body', 'persona_id'], ''],
    ];
    for (const [payload, loc, message] of cases) {
      const response = await test(payload);
      expect(response.statusCode, response.body).toBe(422);
      expect(errorLocs(response)).toEqual([loc]);
      if (message) expect(response.body).toContain(message);
    }
    expect(fixture.requests.length).toBe(requests);
  });

  it('answers 401 without a session and 403 to a professional', async () => {
    const requests = fixture.requests.length;
    expect((await test(ids, {})).statusCode).toBe(401);
    expect((await test(ids, (await createLoggedInUser(t.app)).headers)).statusCode).toBe(403);
    expect(fixture.requests.length).toBe(requests);
  });
});
