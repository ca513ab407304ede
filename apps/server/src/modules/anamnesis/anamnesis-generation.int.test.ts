import type { TAnamnesisMessage, TAnamnesisVersion } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import {
  answerWith,
  balanceOf,
  createGenerationScene,
  FIELDS,
  getAnamnesis,
  messagesOf,
  postGeneration,
  promptOf,
  requestedFields,
  settledVersion,
  useGenerationSetup,
} from '../../../test/anamnesis-test-setup';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';

const setup = useGenerationSetup();

describe('anamnesis generation', () => {
  it('streams each field in template order over the socket, then end, and stores the same validated note', async () => {
    const { a, fixture, socketBase } = setup;
    const scene = await createGenerationScene(a.app, socketBase, { credits: 3 });
    const sources: Record<string, string[]> = {
      queixa_principal: ['T0'],
      // An invented segment and page, and a label of the wrong shape, are dropped.
      hda: ['[T1 00:08–00:16]', 'T99', 'E1 p.2', 'E1 p.7', 'C', 'X3'],
      medicacoes: ['T2', 'E1'],
      alergias: [],
    };
    fixture.respond = answerWith(
      (id) => (id === 'alergias' ? '' : `Texto de ${id}`),
      (id) => sources[id] ?? [],
    );
    const response = await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId);
    expect(response.statusCode).toBe(202);
    const accepted = response.json<TAnamnesisVersion>();
    expect(accepted).toMatchObject({ status: 'generating', kind: 'generation', version: 1, fields: [] });
    expect(await balanceOf(a.app, scene.user.user.id)).toBe(2);
    // The sidebar's balance (GET /user/me/, answered from the session cache) follows at once, on every instance.
    for (const instance of [a, setup.b]) {
      const me = await instance.app.inject({ method: 'GET', url: '/api/v1/user/me/', headers: scene.user.headers });
      expect(me.json<{ credits: number }>().credits).toBe(2);
    }

    await scene.client.next((message) => message.type === 'end' && message.consultation_id === scene.consultationId);
    const messages = messagesOf(scene.client, accepted.id);
    expect(messages.map((message) => message.type)).toEqual([
      'anamnesis',
      'anamnesis',
      'anamnesis',
      'anamnesis',
      'end',
    ]);
    expect(messages.at(-1)).toEqual({ type: 'end', consultation_id: scene.consultationId, anamnesis_id: accepted.id });
    const fieldMessages = messages.slice(0, 4) as TAnamnesisMessage[];
    expect(fieldMessages.map((message) => message.field_id)).toEqual(FIELDS.map((field) => field.id));

    const stored = await settledVersion(a.app, scene.user.headers, scene.consultationId, accepted.id);
    expect(stored.status).toBe('ready');
    expect(stored.finished_at).not.toBeNull();
    expect(
      stored.fields.map(({ field_id, text, sources, statements }) => ({
        type: 'anamnesis',
        consultation_id: scene.consultationId,
        anamnesis_id: accepted.id,
        field_id,
        text,
        sources,
        statements,
      })),
    ).toEqual(fieldMessages);
    const byId = Object.fromEntries(stored.fields.map((field) => [field.field_id, field]));
    expect(byId.queixa_principal).toMatchObject({ title: 'Queixa principal', text: 'Texto de queixa_principal' });
    expect(byId.hda!.sources).toEqual({
      transcript: [{ seq: 1, start: 8, end: 16 }],
      evidence: [{ evidence_id: scene.evidenceId, file_name: 'exame.pdf', page: 2 }],
      user_context: true,
    });
    expect(byId.medicacoes!.sources).toEqual({
      transcript: [{ seq: 2, start: 16, end: 24 }],
      evidence: [{ evidence_id: scene.evidenceId, file_name: 'exame.pdf', page: null }],
      user_context: false,
    });
    expect(byId.alergias).toMatchObject({
      text: 'Não informado',
      sources: { transcript: [], evidence: [], user_context: false },
    });

    // The prompt carries the labelled inputs, the patient and the template's fields; the schema the fields in order.
    const request = fixture.requests.at(-1)!.body;
    expect(requestedFields(request)).toEqual(FIELDS.map((field) => field.id));
    const prompt = promptOf(request);
    for (const expected of [
      '[T0 00:00–00:08] Doutora, estou com dor de cabeça há três dias.',
      '[T2 00:16–00:24] Tomo losartana 50 mg de manhã.',
      '[E1 p.2 exame.pdf]\nGlicemia 98 mg/dL.',
      '[C]\nPaciente hipertensa, retorno em 30 dias.',
      'Nome: Maria Souza',
      'Sexo: Feminino',
      'hda: "História da doença atual" (Texto livre). Cronologia.',
      'Não informado',
    ]) {
      expect(prompt).toContain(expected);
    }
    expect(prompt).toMatch(/Idade: \d+ anos/);

    expect(stored.provenance).toMatchObject({
      template: { id: scene.templateId, name: 'Clínica geral (teste)' },
      persona: { id: expect.any(String) as unknown },
      prompts: [
        { purpose: 'anamnesis', version: 1 },
        { purpose: 'diagnoses', version: 1 },
      ],
      model: 'gpt-4o-mini',
      inputs: { transcript: null, evidence_ids: [scene.evidenceId], user_context: true, condensed: false },
    });
    expect(stored.template_fields).toEqual(FIELDS);
    scene.client.close();
  });

  it('retries a malformed answer once and stores the second', async () => {
    const { a, fixture, socketBase } = setup;
    const scene = await createGenerationScene(a.app, socketBase);
    fixture.respond = answerWith((id) => `Certo: ${id}`);
    fixture.enqueue({ content: '{"queixa_principal": {"text": "Dor", "sources": []}, "hda": ' });
    const requestsBefore = fixture.requests.length;
    const accepted = (
      await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId)
    ).json<TAnamnesisVersion>();
    const stored = await settledVersion(a.app, scene.user.headers, scene.consultationId, accepted.id);
    expect(stored.status).toBe('ready');
    expect(stored.fields.map((field) => field.text)).toEqual(FIELDS.map((field) => `Certo: ${field.id}`));
    expect(fixture.requests.length - requestsBefore).toBe(2);
    expect(await balanceOf(a.app, scene.user.user.id)).toBe(4);
    scene.client.close();
  });

  it('regenerates one field and rewrites one with an instruction, copying the others into a new version', async () => {
    const { a, fixture, socketBase } = setup;
    const scene = await createGenerationScene(a.app, socketBase);
    const { headers } = scene.user;
    fixture.respond = answerWith(
      (id) => `Primeira: ${id}`,
      () => ['T0'],
    );
    const first = (
      await postGeneration(a.app, headers, scene.consultationId, scene.templateId)
    ).json<TAnamnesisVersion>();
    const note = await settledVersion(a.app, headers, scene.consultationId, first.id);

    fixture.respond = answerWith(
      (id) => `Refeita: ${id}`,
      () => ['T1'],
    );
    const regeneration = await postGeneration(a.app, headers, scene.consultationId, scene.templateId, {
      field_id: 'hda',
    });
    expect(regeneration.statusCode).toBe(202);
    expect(regeneration.json()).toMatchObject({ version: 2, kind: 'regeneration', field_id: 'hda' });
    const regenerated = await settledVersion(
      a.app,
      headers,
      scene.consultationId,
      regeneration.json<TAnamnesisVersion>().id,
    );
    expect(requestedFields(fixture.requests.at(-1)!.body)).toEqual(['hda']);
    expect(regenerated.fields.map((field) => field.text)).toEqual([
      'Primeira: queixa_principal',
      'Refeita: hda',
      'Primeira: medicacoes',
      'Primeira: alergias',
    ]);
    expect(regenerated.fields[0]).toEqual(note.fields[0]);
    expect(regenerated.fields[1]!.sources.transcript).toEqual([{ seq: 1, start: 8, end: 16 }]);
    const end = await scene.client.next(
      (message) => message.type === 'end' && (message as { anamnesis_id?: string }).anamnesis_id === regenerated.id,
    );
    expect(messagesOf(scene.client, regenerated.id).map((message) => message.type)).toEqual(['anamnesis', 'end']);
    expect(end).toBeDefined();

    fixture.respond = answerWith(() => 'Cefaleia há 3 dias.');
    const rewrite = await postGeneration(a.app, headers, scene.consultationId, scene.templateId, {
      field_id: 'queixa_principal',
      instruction: 'mais conciso',
    });
    expect(rewrite.statusCode).toBe(202);
    const rewritten = await settledVersion(a.app, headers, scene.consultationId, rewrite.json<TAnamnesisVersion>().id);
    const rewriteRequest = promptOf(fixture.requests.at(-1)!.body);
    expect(rewriteRequest).toContain('mais conciso');
    expect(rewriteRequest).toContain('Primeira: queixa_principal');
    expect(rewritten).toMatchObject({ version: 3, kind: 'rewrite', instruction: 'mais conciso' });
    expect(rewritten.fields.map((field) => field.text)).toEqual([
      'Cefaleia há 3 dias.',
      'Refeita: hda',
      'Primeira: medicacoes',
      'Primeira: alergias',
    ]);
    expect(rewritten.provenance.prompts).toMatchObject([{ purpose: 'field_rewrite' }]);

    const anamnesis = await getAnamnesis(a.app, headers, scene.consultationId);
    expect(anamnesis.latest?.id).toBe(rewritten.id);
    expect(anamnesis.versions.map((version) => version.version)).toEqual([3, 2, 1]);
    expect(anamnesis.versions[2]!.fields).toEqual(note.fields);
    expect(await balanceOf(a.app, scene.user.user.id)).toBe(2);
    scene.client.close();
  });

  it('refuses field operations without a ready note holding the field, and a second generation while one runs', async () => {
    const { a, fixture, socketBase } = setup;
    const scene = await createGenerationScene(a.app, socketBase);
    const { headers } = scene.user;
    const noNote = await postGeneration(a.app, headers, scene.consultationId, scene.templateId, { field_id: 'hda' });
    expect(noNote.statusCode).toBe(409);
    expect(noNote.json<{ detail: string }>().detail).toContain('gere a anamnese inteira primeiro');

    fixture.respond = answerWith((id) => `Texto ${id}`);
    fixture.enqueue({
      json: Object.fromEntries(FIELDS.map((field) => [field.id, { text: 'x', sources: [] }])),
      delayMs: 600,
    });
    const first = await postGeneration(a.app, headers, scene.consultationId, scene.templateId);
    const second = await postGeneration(a.app, headers, scene.consultationId, scene.templateId);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      detail: 'Já há uma geração em andamento para esta consulta; aguarde ela terminar.',
    });
    await settledVersion(a.app, headers, scene.consultationId, first.json<TAnamnesisVersion>().id);
    expect(await balanceOf(a.app, scene.user.user.id)).toBe(4);

    const unknownField = await postGeneration(a.app, headers, scene.consultationId, scene.templateId, {
      field_id: 'nada',
    });
    expect(unknownField.statusCode).toBe(422);
    expect(unknownField.json()).toEqual({
      detail: [{ loc: ['body', 'field_id'], msg: 'Este campo não existe na anamnese atual', type: 'value_error' }],
    });
    scene.client.close();
  });

  it('answers 401 without a token, 404 for another professional’s consultation or template, 422 for a bad body', async () => {
    const { a, socketBase } = setup;
    const scene = await createGenerationScene(a.app, socketBase);
    const other = await createLoggedInUser(a.app);
    const otherConsultation = await createTestConsultation(a.app, other.headers);
    const { headers } = scene.user;

    expect((await postGeneration(a.app, {}, scene.consultationId, scene.templateId)).statusCode).toBe(401);
    expect((await postGeneration(a.app, headers, otherConsultation.id, scene.templateId)).json()).toEqual({
      detail: 'Consulta não encontrada',
    });
    const othersTemplate = await postGeneration(a.app, other.headers, otherConsultation.id, scene.templateId);
    expect(othersTemplate.statusCode).toBe(404);
    expect(othersTemplate.json()).toEqual({ detail: 'Modelo não encontrado' });
    expect((await postGeneration(a.app, headers, scene.consultationId, 'soap')).statusCode).toBe(404);
    const badBody = await postGeneration(a.app, headers, scene.consultationId, scene.templateId, {
      instruction: 'mais conciso',
    });
    expect(badBody.statusCode).toBe(422);
    expect(
      (await postGeneration(a.app, headers, scene.consultationId, scene.templateId, { field_id: 'hda', extra: 1 }))
        .statusCode,
    ).toBe(422);
    expect((await getAnamnesis(a.app, headers, scene.consultationId)).versions).toEqual([]);
    expect(await balanceOf(a.app, scene.user.user.id)).toBe(5);
    expect(
      (
        await a.app.inject({
          method: 'GET',
          url: `/api/v1/user/consultations/${otherConsultation.id}/anamnesis`,
          headers,
        })
      ).statusCode,
    ).toBe(404);
    scene.client.close();
  });

  it('answers 409 for a concluded consultation, spending nothing', async () => {
    const { a, socketBase } = setup;
    const scene = await createGenerationScene(a.app, socketBase);
    const done = await a.app.inject({
      method: 'PATCH',
      url: `/api/v1/user/consultations/${scene.consultationId}`,
      headers: scene.user.headers,
      payload: { status: 'done' },
    });
    expect(done.statusCode).toBe(200);
    const response = await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId);
    expect(response.statusCode).toBe(409);
    expect(await balanceOf(a.app, scene.user.user.id)).toBe(5);
    scene.client.close();
  });
});
