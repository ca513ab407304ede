import type { TAnamnesisTemplate, TAnamnesisTemplateBody } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditRowsOf, errorLocs, fieldErrors } from '../../../test/account-requests';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { anamnesisTemplates } from '../../db/schema/index';
import { TEMPLATE_SEEDS } from '../assistant-seeds/template-seeds';
import { MAX_OWN_TEMPLATES } from './create-template';

const t = useTestApp();
const TEMPLATES = '/api/v1/user/templates/anamnesis/';
let headers: Record<string, string>;
let userId: string;
beforeAll(async () => {
  ({
    headers,
    user: { id: userId },
  } = await createLoggedInUser(t.app));
});

type Headers = Record<string, string>;
const list = (as: Headers = headers) => t.app.inject({ method: 'GET', url: TEMPLATES, headers: as });
const get = (id: string, as: Headers = headers) =>
  t.app.inject({ method: 'GET', url: `${TEMPLATES}${id}`, headers: as });
const post = (payload: unknown, as: Headers = headers) =>
  t.app.inject({ method: 'POST', url: TEMPLATES, headers: as, payload: payload as object });
const put = (id: string, payload: unknown, as: Headers = headers) =>
  t.app.inject({ method: 'PUT', url: `${TEMPLATES}${id}`, headers: as, payload: payload as object });
const remove = (id: string, as: Headers = headers) =>
  t.app.inject({ method: 'DELETE', url: `${TEMPLATES}${id}`, headers: as });

function body(overrides: Partial<TAnamnesisTemplateBody> = {}): TAnamnesisTemplateBody {
  return {
    name: 'Cardiologia ambulatorial',
    specialization_id: 5,
    fields: [
      { id: 'queixa_principal', title: 'Queixa principal', instructions: 'Nas palavras do paciente.', kind: 'short' },
      { id: 'dor_toracica', title: 'Dor torácica', instructions: 'Caráter, irradiação e duração.', kind: 'text' },
      { id: 'medicacoes', title: 'Medicações', instructions: 'Uma por linha, com dose.', kind: 'list' },
    ],
    ...overrides,
  };
}

async function created(overrides: Partial<TAnamnesisTemplateBody> = {}, as: Headers = headers) {
  const response = await post(body(overrides), as);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TAnamnesisTemplate>();
}

async function publishedTemplate(seedKey = 'template.soap') {
  const [row] = await t.app.db.select().from(anamnesisTemplates).where(eq(anamnesisTemplates.seedKey, seedKey));
  return row!;
}

const storedCount = async () =>
  (await t.app.db.select().from(anamnesisTemplates).where(eq(anamnesisTemplates.ownerId, userId))).length;

describe('user anamnesis templates', () => {
  it('creates, reads, replaces and deletes a template of the professional, auditing each change', async () => {
    const soap = await publishedTemplate();
    const template = await created({ source_template_id: soap.id });
    expect(template).toMatchObject({ ...body(), published: false, source_template_id: soap.id });
    expect((await get(template.id)).json()).toEqual(template);

    const reordered = body({ name: 'Cardio — retorno', specialization_id: null, fields: [...body().fields].reverse() });
    const replaced = await put(template.id, reordered);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      name: 'Cardio — retorno',
      specialization_id: null,
      // Omitted on PUT: the template stays a copy of the one it came from.
      source_template_id: soap.id,
      fields: reordered.fields,
    });
    expect((await put(template.id, { ...reordered, source_template_id: null })).json()).toMatchObject({
      source_template_id: null,
    });

    const deleted = await remove(template.id);
    expect(deleted.statusCode).toBe(204);
    expect((await get(template.id)).statusCode).toBe(404);
    expect((await remove(template.id)).statusCode).toBe(404);

    const audit = (await auditRowsOf(t.app, userId)).filter((row) => row.action.startsWith('template.'));
    expect(audit.map((row) => [row.action, row.details])).toEqual([
      ['template.deleted', { template_id: template.id }],
      ['template.updated', { template_id: template.id }],
      ['template.updated', { template_id: template.id }],
      ['template.created', { template_id: template.id }],
    ]);
  });

  it('lists the own templates by name, then the published ones by name, in one call', async () => {
    const { headers: own } = await createLoggedInUser(t.app);
    await created({ name: 'Zumbido' }, own);
    await created({ name: 'Ambulatório' }, own);
    await created({ name: 'De outra pessoa' });

    const response = await list(own);
    expect(response.statusCode).toBe(200);
    const templates = response.json<TAnamnesisTemplate[]>();
    const seededNames = TEMPLATE_SEEDS.map((seed) => seed.name).sort((a, b) => a.localeCompare(b, 'pt-BR'));
    expect(templates.map((item) => [item.name, item.published])).toEqual([
      ['Ambulatório', false],
      ['Zumbido', false],
      ...seededNames.map((name) => [name, true]),
    ]);
    const soap = templates.find((item) => item.name === 'SOAP')!;
    expect(soap.fields.map((field) => field.id)).toEqual(['subjetivo', 'objetivo', 'avaliacao', 'plano']);
    expect((await get(soap.id, own)).json()).toEqual(soap);
  });

  it("answers 404 for another professional's template, reading or changing it, and changes nothing", async () => {
    const { headers: other } = await createLoggedInUser(t.app);
    const template = await created();
    expect((await get(template.id, other)).statusCode).toBe(404);
    const replaced = await put(template.id, body({ name: 'Tomado' }), other);
    expect(replaced.statusCode).toBe(404);
    expect(replaced.json()).toEqual({ detail: 'Modelo não encontrado' });
    expect((await remove(template.id, other)).statusCode).toBe(404);
    expect((await get(template.id)).json()).toEqual(template);
    expect((await get(randomUUID())).statusCode).toBe(404);
  });

  it('answers 403 to changing or deleting a published template, which stays as it was', async () => {
    const soap = await publishedTemplate();
    for (const response of [await put(soap.id, body()), await remove(soap.id)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'Modelos publicados não podem ser alterados: faça uma cópia' });
    }
    expect(await publishedTemplate()).toEqual(soap);
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const before = await storedCount();
    const [first, second] = body().fields;
    const cases: [unknown, string[]][] = [
      [body({ fields: [first!, { ...second!, id: first!.id }] }), ['body', 'fields', '1', 'id']],
      [body({ fields: [] }), ['body', 'fields']],
      [body({ fields: [{ ...first!, id: 'Queixa Principal' }] }), ['body', 'fields', '0', 'id']],
      [body({ fields: [{ ...first!, kind: 'table' as never }] }), ['body', 'fields', '0', 'kind']],
      [body({ name: '  ' }), ['body', 'name']],
      [{ ...body(), published: true }, ['body', 'published']],
      [body({ specialization_id: 99_999 }), ['body', 'specialization_id']],
      [body({ source_template_id: randomUUID() }), ['body', 'source_template_id']],
    ];
    for (const [payload, loc] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(loc)).toBe(422);
      expect(errorLocs(response), response.body).toContainEqual(loc);
    }
    expect(fieldErrors(await post(body({ fields: [first!, first!] })))[0]!.msg).toBe('Já existe um campo com este id');

    const { headers: other } = await createLoggedInUser(t.app);
    const othersTemplate = await created({}, other);
    const copied = await post(body({ source_template_id: othersTemplate.id }));
    expect(errorLocs(copied)).toEqual([['body', 'source_template_id']]);
    expect(await storedCount()).toBe(before);

    const template = await created();
    const refused = await put(template.id, body({ fields: [first!, first!], name: 'Outro nome' }));
    expect(refused.statusCode).toBe(422);
    expect((await put(template.id, body({ source_template_id: template.id }))).statusCode).toBe(422);
    expect((await get(template.id)).json()).toEqual(template);
  });

  it('answers 422 for an id that is not a UUID, and 401 without a session', async () => {
    expect(errorLocs(await get('modelo-1'))).toEqual([['params', 'id']]);
    const template = await created();
    for (const response of [
      await list({}),
      await get(template.id, {}),
      await post(body(), {}),
      await put(template.id, body(), {}),
      await remove(template.id, {}),
    ]) {
      expect(response.statusCode).toBe(401);
    }
    expect((await get(template.id)).json()).toEqual(template);
  });

  it(`keeps at most ${MAX_OWN_TEMPLATES} templates per professional, even when created at once`, async () => {
    const { headers: busy, user } = await createLoggedInUser(t.app);
    await t.app.db.insert(anamnesisTemplates).values(
      Array.from({ length: MAX_OWN_TEMPLATES - 2 }, (_, index) => ({
        ownerId: user.id,
        name: `Modelo ${index}`,
        fields: body().fields,
      })),
    );
    const responses = await Promise.all(Array.from({ length: 5 }, () => post(body(), busy)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    expect(responses.find((response) => response.statusCode === 409)!.json()).toEqual({
      detail: `Você já tem ${MAX_OWN_TEMPLATES} modelos: exclua um antes de criar outro`,
    });
    const own = (await list(busy)).json<TAnamnesisTemplate[]>().filter((item) => !item.published);
    expect(own).toHaveLength(MAX_OWN_TEMPLATES);
  });
});

describe('GET /user/templates/anamnesis/default', () => {
  const preferred = async (as: Headers) => {
    const response = await t.app.inject({ method: 'GET', url: `${TEMPLATES}default`, headers: as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ template_id: string | null }>().template_id;
  };
  const seeded = async (seedKey: string) =>
    (await t.app.db.select().from(anamnesisTemplates).where(eq(anamnesisTemplates.seedKey, seedKey)))[0]!.id;
  const addSpecialization = async (as: Headers, id: number) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/user/me/specialization/?specialization=${id}`,
      headers: as,
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
  };
  const OBSTETRICS = 24;
  const PSYCHIATRY_TEMPLATE = 'template.saude_mental';

  it('is her specialization’s template: Pré-natal for a GO professional, her own tagged one first', async () => {
    const obstetrician = await createLoggedInUser(t.app);
    expect(await preferred(obstetrician.headers)).toBeNull();
    await addSpecialization(obstetrician.headers, OBSTETRICS);
    expect(await preferred(obstetrician.headers)).toBe(await seeded('template.pre_natal'));

    // Her preferences name another specialization: its template wins over the first one she added.
    const psychiatry = (
      await t.app.db.select().from(anamnesisTemplates).where(eq(anamnesisTemplates.seedKey, PSYCHIATRY_TEMPLATE))
    )[0]!;
    const preferences = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/me/me/preferences/',
      headers: obstetrician.headers,
      payload: { default_specialization_id: psychiatry.specializationId },
    });
    expect(preferences.statusCode, preferences.body).toBe(200);
    expect(await preferred(obstetrician.headers)).toBe(psychiatry.id);

    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/me/me/preferences/',
      headers: obstetrician.headers,
      payload: { default_specialization_id: null },
    });
    const mine = await post(body({ name: 'Meu pré-natal', specialization_id: OBSTETRICS }), obstetrician.headers);
    expect(mine.statusCode, mine.body).toBe(201);
    expect(await preferred(obstetrician.headers)).toBe(mine.json<TAnamnesisTemplate>().id);
  });

  it('is null for a specialization without a template of its own (the picker keeps her order)', async () => {
    const other = await createLoggedInUser(t.app);
    const tagged = new Set(TEMPLATE_SEEDS.map((seed) => seed.specializationId));
    const untagged = [1, 2, 3, 4, 5, 6, 7, 8].find((id) => !tagged.has(id))!;
    await addSpecialization(other.headers, untagged);
    expect(await preferred(other.headers)).toBeNull();
  });
});
