import type { TAdminPrompt } from '@escriba/contract';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorLocs } from '../../../test/account-requests';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { anamnesisVersions, documents, documentVersions, promptVersions, prompts } from '../../db/schema/index';
import { promptText } from '../generation/prompt-text';
import { activePrompt } from '../assistant-seeds/active-prompt';
import { assistantAudit, useAdminScene, type Method } from '../../../test/assistant-test-requests';

const t = useTestApp();
const scene = useAdminScene(t);
const { call } = scene;
const list = async () => (await call('GET', '/prompt/')).json<TAdminPrompt[]>();
const storedPrompts = () => t.app.db.select().from(prompts);
const storedVersions = () => t.app.db.select().from(promptVersions);

async function created(body: Record<string, unknown>): Promise<TAdminPrompt> {
  const response = await call('POST', '/prompt/', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TAdminPrompt>();
}

const condenseBody = (name = 'Condensação curta') => ({ purpose: 'condense', name, text: 'Resuma sem perder fatos.' });

describe('admin prompts', () => {
  it('list every prompt by purpose, the active one first, with its versions and whether it was seeded', async () => {
    const response = await call('GET', '/prompt/');
    expect(response.statusCode).toBe(200);
    const all = response.json<TAdminPrompt[]>();
    expect(all.map((prompt) => [prompt.purpose, prompt.active, prompt.seeded])).toEqual([
      ['anamnesis', true, true],
      ['field_rewrite', true, true],
      ['condense', true, true],
      ['diagnoses', true, true],
      ['document_receita', true, true],
      ['document_atestado', true, true],
      ['document_exames', true, true],
      ['document_encaminhamento', true, true],
      ['document_orientacoes', true, true],
      ['document_relatorio', true, true],
    ]);
    const anamnesis = all[0]!;
    expect(anamnesis.versions).toEqual([
      { version: 1, text: anamnesis.text, created_at: expect.any(String) as string, created_by: null },
    ]);
    expect(anamnesis.text).toBe((await activePrompt(t.app.db, 'anamnesis')).text);
  });

  it('create a prompt at version 1, inactive unless asked; active: true deactivates the other in one go', async () => {
    const inactive = await created(condenseBody('Condensação rascunho'));
    expect(inactive).toMatchObject({ purpose: 'condense', active: false, version: 1, seeded: false });
    expect(inactive.versions).toEqual([
      {
        version: 1,
        text: 'Resuma sem perder fatos.',
        created_at: expect.any(String) as string,
        created_by: scene.adminId,
      },
    ]);
    expect((await activePrompt(t.app.db, 'condense')).id).not.toBe(inactive.id);

    const active = await created({ ...condenseBody('Condensação nova'), active: true });
    expect(active.active).toBe(true);
    expect((await activePrompt(t.app.db, 'condense')).id).toBe(active.id);
    const condense = (await list()).filter((prompt) => prompt.purpose === 'condense');
    expect(condense.filter((prompt) => prompt.active).map((prompt) => prompt.id)).toEqual([active.id]);
    expect(condense[0]!.id).toBe(active.id);

    const audit = await assistantAudit(t.app, 'prompt');
    expect(audit.slice(0, 2).map((row) => [row.action, row.actorUserId, row.details])).toEqual([
      ['admin.prompt.created', scene.adminId, { prompt_id: active.id, purpose: 'condense', active: true }],
      ['admin.prompt.created', scene.adminId, { prompt_id: inactive.id, purpose: 'condense', active: false }],
    ]);
  });

  it('edit: new text is a new version, the same text none, earlier versions and a note provenance kept', async () => {
    const prompt = await created({ purpose: 'anamnesis', name: 'Anamnese breve', text: 'Texto um.', active: true });
    const { headers, user } = await createLoggedInUser(t.app);
    const consultation = await createTestConsultation(t.app, headers);
    // A note written with version 1.
    const [note] = await t.app.db
      .insert(anamnesisVersions)
      .values({
        consultationId: consultation.id,
        userId: user.id,
        version: 1,
        kind: 'generation',
        status: 'ready',
        templateId: randomUUID(),
        templateFields: [],
        provenance: {
          template: { id: randomUUID(), name: 'SOAP' },
          persona: null,
          prompts: [{ purpose: 'anamnesis', prompt_id: prompt.id, version: 1 }],
          model: 'gpt-4o-mini',
          inputs: {
            transcript: null,
            evidence_ids: [],
            patient_id: consultation.patient.id,
            user_context: false,
            condensed: false,
          },
          style_preferences: null,
          reviews: [],
        },
      })
      .returning();

    const edited = await call('PUT', `/prompt/${prompt.id}`, { name: 'Anamnese breve v2', text: 'Texto dois.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<TAdminPrompt>()).toMatchObject({ name: 'Anamnese breve v2', version: 2, text: 'Texto dois.' });
    expect(edited.json<TAdminPrompt>().versions.map((version) => [version.version, version.text])).toEqual([
      [1, 'Texto um.'],
      [2, 'Texto dois.'],
    ]);
    const same = await call('PUT', `/prompt/${prompt.id}`, { text: 'Texto dois.' });
    expect(same.json<TAdminPrompt>().version).toBe(2);
    expect(await activePrompt(t.app.db, 'anamnesis')).toMatchObject({ id: prompt.id, version: 2, text: 'Texto dois.' });

    const provenance = note!.provenance.prompts[0]!;
    expect(await promptText(t.app.db, provenance.prompt_id, provenance.version)).toBe('Texto um.');

    // Still the active one; once another is active, it cannot be deleted: a note names it.
    const seeded = (await list()).find((each) => each.purpose === 'anamnesis' && each.seeded)!;
    expect((await call('PUT', `/prompt/${seeded.id}`, { active: true })).json<TAdminPrompt>().active).toBe(true);
    const refused = await call('DELETE', `/prompt/${prompt.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'Este prompt já foi usado em anamneses e fica guardado para a procedência delas: deixe-o desativado',
    });
    expect(await promptText(t.app.db, provenance.prompt_id, provenance.version)).toBe('Texto um.');

    const audit = await assistantAudit(t.app, 'prompt');
    expect(audit.slice(0, 2).map((row) => [row.action, row.details])).toEqual([
      ['admin.prompt.updated', { prompt_id: seeded.id, purpose: 'anamnesis', changed: ['active'], version: 1 }],
      ['admin.prompt.updated', { prompt_id: prompt.id, purpose: 'anamnesis', changed: ['name', 'text'], version: 2 }],
    ]);
  });

  it('keep a prompt a document was drafted with: deleting it is refused', async () => {
    const prompt = await created({ purpose: 'document_receita', name: 'Receita breve', text: 'Receite.' });
    const { headers, user } = await createLoggedInUser(t.app);
    const consultation = await createTestConsultation(t.app, headers);
    const [document] = await t.app.db
      .insert(documents)
      .values({
        consultationId: consultation.id,
        userId: user.id,
        kind: 'receita',
        request: { instructions: null, days: null, include_cid: false },
      })
      .returning();
    await t.app.db.insert(documentVersions).values({
      documentId: document!.id,
      version: 1,
      kind: 'generation',
      status: 'ready',
      content: { type: 'simples', items: [] },
      provenance: {
        persona: null,
        prompts: [{ purpose: 'document_receita', prompt_id: prompt.id, version: 1 }],
        model: 'gpt-4o-mini',
        inputs: {
          transcript: null,
          evidence_ids: [],
          patient_id: consultation.patient.id,
          user_context: false,
          condensed: false,
          note: null,
        },
      },
    });
    const refused = await call('DELETE', `/prompt/${prompt.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'Este prompt já foi usado em documentos e fica guardado para a procedência deles: deixe-o desativado',
    });
    expect(await promptText(t.app.db, prompt.id, 1)).toBe('Receite.');
  });

  it('refuse to deactivate or delete the active prompt, or delete a seeded one, naming what to do', async () => {
    const active = await activePrompt(t.app.db, 'field_rewrite');
    const deactivated = await call('PUT', `/prompt/${active.id}`, { active: false });
    expect(deactivated.statusCode).toBe(409);
    expect(deactivated.json()).toEqual({ detail: 'Ative outro prompt de reescrita de campo antes de desativar este' });
    const deleted = await call('DELETE', `/prompt/${active.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toEqual({ detail: 'Ative outro prompt de reescrita de campo antes de excluir este' });

    const other = await created({ purpose: 'field_rewrite', name: 'Reescrita nova', text: 'Reescreva.', active: true });
    const seeded = await call('DELETE', `/prompt/${active.id}`);
    expect(seeded.statusCode).toBe(409);
    expect(seeded.json()).toEqual({ detail: 'Este prompt vem com o Escriba e não pode ser excluído: desative-o' });
    expect((await activePrompt(t.app.db, 'field_rewrite')).id).toBe(other.id);
    await call('PUT', `/prompt/${active.id}`, { active: true });
  });

  it('delete an unused, inactive prompt with its versions, audited; then 404', async () => {
    const prompt = await created(condenseBody('Descartável'));
    await call('PUT', `/prompt/${prompt.id}`, { text: 'Outra versão.' });
    const deleted = await call('DELETE', `/prompt/${prompt.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await storedPrompts()).some((row) => row.id === prompt.id)).toBe(false);
    expect((await storedVersions()).some((row) => row.promptId === prompt.id)).toBe(false);
    const [audit] = await assistantAudit(t.app, 'prompt');
    expect([audit!.action, audit!.actorUserId, audit!.details]).toEqual([
      'admin.prompt.deleted',
      scene.adminId,
      { prompt_id: prompt.id, purpose: 'condense' },
    ]);
    expect((await call('DELETE', `/prompt/${prompt.id}`)).statusCode).toBe(404);
    const missing = await call('PUT', `/prompt/${prompt.id}`, { name: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Prompt não encontrado' });
  });

  it('keep one active prompt per purpose when activations race', async () => {
    const candidates = await Promise.all(
      Array.from({ length: 6 }, (_, index) => created(condenseBody(`Corrida ${index}`))),
    );
    const responses = await Promise.all([
      ...candidates.map((prompt) => call('PUT', `/prompt/${prompt.id}`, { active: true })),
      ...Array.from({ length: 4 }, (_, index) =>
        call('POST', '/prompt/', { ...condenseBody(`Nova ${index}`), active: true }),
      ),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      ...Array<number>(6).fill(200),
      ...Array<number>(4).fill(201),
    ]);
    const active = (await storedPrompts()).filter((row) => row.purpose === 'condense' && row.active);
    expect(active).toHaveLength(1);
  });

  it('refuse bad input naming the field, changing nothing', async () => {
    const before = { prompts: await storedPrompts(), versions: await storedVersions() };
    const prompt = before.prompts[0]!;
    const cases: [Method, string, unknown, (string | number)[]][] = [
      ['POST', '/prompt/', { purpose: 'triage', name: 'X', text: 'Y' }, ['body', 'purpose']],
      ['POST', '/prompt/', { purpose: 'condense', name: '  ', text: 'Y' }, ['body', 'name']],
      ['POST', '/prompt/', { purpose: 'condense', name: 'X', text: '' }, ['body', 'text']],
      ['POST', '/prompt/', { ...condenseBody(), version: 3 }, ['body', 'version']],
      ['PUT', `/prompt/${prompt.id}`, {}, ['body']],
      ['PUT', `/prompt/${prompt.id}`, { text: 'x'.repeat(20_001) }, ['body', 'text']],
      ['PUT', `/prompt/${prompt.id}`, { purpose: 'condense' }, ['body', 'purpose']],
      ['PUT', '/prompt/prompt-1', { name: 'X' }, ['params', 'id']],
      ['DELETE', '/prompt/prompt-1', undefined, ['params', 'id']],
    ];
    for (const [method, path, payload, loc] of cases) {
      const response = await call(method, path, payload);
      expect(response.statusCode, `${method} ${path} ${response.body}`).toBe(422);
      expect(errorLocs(response)).toContainEqual(loc);
    }
    expect({ prompts: await storedPrompts(), versions: await storedVersions() }).toEqual(before);
  });

  it('answer 401 without a session and 403 to a professional, changing nothing', async () => {
    const before = { prompts: await storedPrompts(), versions: await storedVersions() };
    const id = before.prompts[0]!.id;
    const calls: [Method, string, unknown][] = [
      ['GET', '/prompt/', undefined],
      ['POST', '/prompt/', condenseBody()],
      ['PUT', `/prompt/${id}`, { name: 'Tomado' }],
      ['DELETE', `/prompt/${id}`, undefined],
    ];
    for (const [method, path, payload] of calls) {
      expect((await call(method, path, payload, {})).statusCode, `${method} ${path}`).toBe(401);
      const forbidden = await call(method, path, payload, scene.professional);
      expect(forbidden.statusCode, `${method} ${path}`).toBe(403);
    }
    expect({ prompts: await storedPrompts(), versions: await storedVersions() }).toEqual(before);
  });

  it('are in the OpenAPI document with the personas and templates, for administrators', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const expected: Record<string, string[]> = {
      '/api/v1/admin/prompt/': ['get', 'post'],
      '/api/v1/admin/prompt/{id}': ['put', 'delete'],
      '/api/v1/admin/prompt/test': ['post'],
      '/api/v1/admin/prompt/persona/': ['get', 'post'],
      '/api/v1/admin/prompt/persona/{id}': ['put', 'delete'],
      '/api/v1/admin/prompt/persona/{id}/set-default': ['post'],
      '/api/v1/admin/template/': ['get', 'post'],
      '/api/v1/admin/template/{id}': ['put', 'delete'],
      '/api/v1/admin/template/{id}/publish': ['put'],
      '/api/v1/admin/template/{id}/field': ['post'],
      '/api/v1/admin/template/{id}/field/order': ['put'],
      '/api/v1/admin/template/{id}/field/{fieldId}': ['put', 'delete'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      expect(Object.keys(document.paths[path] ?? {}).sort(), path).toEqual([...methods].sort());
    }
  });
});
