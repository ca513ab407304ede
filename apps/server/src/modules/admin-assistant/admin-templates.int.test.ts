import type { TAdminTemplate, TAnamnesisTemplate, TTemplateField } from '@escriba/contract';
import { eq, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorLocs } from '../../../test/account-requests';
import { assistantAudit, useAdminScene, type Method } from '../../../test/assistant-test-requests';
import { useTestApp } from '../../../test/test-app';
import { anamnesisTemplates } from '../../db/schema/index';
import { TEMPLATE_SEEDS } from '../assistant-seeds/template-seeds';

const t = useTestApp();
type Headers = Record<string, string>;
const scene = useAdminScene(t);
const { call } = scene;
const TEMPLATES = '/template/';
const storedTemplates = () => t.app.db.select().from(anamnesisTemplates).orderBy(anamnesisTemplates.id);
const storedTemplate = async (id: string) =>
  (await t.app.db.select().from(anamnesisTemplates).where(eq(anamnesisTemplates.id, id)))[0];

const field = (id: string, kind: TTemplateField['kind'] = 'text'): TTemplateField => ({
  id,
  title: `Campo ${id}`,
  instructions: `Instruções de ${id}.`,
  kind,
});
const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Geriatria ambulatorial',
  specialization_id: 5,
  fields: [field('queixa', 'short'), field('funcionalidade'), field('medicacoes', 'list')],
  ...overrides,
});

async function created(overrides: Record<string, unknown> = {}): Promise<TAdminTemplate> {
  const response = await call('POST', TEMPLATES, body(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TAdminTemplate>();
}
const fieldIds = (template: { fields: TTemplateField[] }) => template.fields.map((each) => each.id);
const pickerOf = async (headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/user/templates/anamnesis/', headers })).json<
    TAnamnesisTemplate[]
  >();

describe('admin templates', () => {
  it("list the administrators' templates by name, published or not, never a professional's own", async () => {
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/templates/anamnesis/',
      headers: scene.professional,
      payload: body({ name: 'Meu modelo' }),
    });
    expect(own.statusCode).toBe(201);
    const response = await call('GET', TEMPLATES);
    expect(response.statusCode).toBe(200);
    const all = response.json<TAdminTemplate[]>();
    expect(all.map((template) => template.name)).toEqual(
      TEMPLATE_SEEDS.map((seed) => seed.name).sort((a, b) => a.localeCompare(b, 'pt-BR')),
    );
    expect(all.every((template) => template.seeded && template.published)).toBe(true);
    const ownId = own.json<TAnamnesisTemplate>().id;
    for (const [method, path, payload] of [
      ['PUT', `${TEMPLATES}${ownId}`, { name: 'Tomado' }],
      ['DELETE', `${TEMPLATES}${ownId}`, undefined],
      ['PUT', `${TEMPLATES}${ownId}/publish?publish=true`, undefined],
      ['POST', `${TEMPLATES}${ownId}/field`, field('novo')],
      ['PUT', `${TEMPLATES}${ownId}/field/queixa`, field('queixa')],
      ['DELETE', `${TEMPLATES}${ownId}/field/queixa`, undefined],
      ['PUT', `${TEMPLATES}${ownId}/field/order?order=medicacoes,funcionalidade,queixa`, undefined],
    ] as [Method, string, unknown][]) {
      const answer = await call(method, path, payload);
      expect(answer.statusCode, `${method} ${path}`).toBe(404);
      expect(answer.json()).toEqual({ detail: 'Modelo não encontrado' });
    }
    expect((await storedTemplate(ownId))!.name).toBe('Meu modelo');
  });

  it("create unpublished, publish into professionals' picker, unpublish, replace and delete; audited", async () => {
    const template = await created();
    expect(template).toMatchObject({ ...body(), published: false, seeded: false, source_template_id: null });
    expect((await storedTemplate(template.id))!.ownerId).toBeNull();
    expect((await pickerOf(scene.professional)).some((each) => each.id === template.id)).toBe(false);

    const published = await call('PUT', `${TEMPLATES}${template.id}/publish?publish=true`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ published: true });
    expect((await pickerOf(scene.professional)).find((each) => each.id === template.id)).toMatchObject({
      published: true,
      fields: body().fields,
    });
    expect((await call('PUT', `${TEMPLATES}${template.id}/publish?publish=false`)).json()).toMatchObject({
      published: false,
    });
    expect((await pickerOf(scene.professional)).some((each) => each.id === template.id)).toBe(false);

    const renamed = await call('PUT', `${TEMPLATES}${template.id}`, { name: 'Geriatria', specialization_id: null });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Geriatria', specialization_id: null, fields: body().fields });
    const refielded = await call('PUT', `${TEMPLATES}${template.id}`, { name: 'Geriatria', fields: [field('unico')] });
    expect(fieldIds(refielded.json<TAdminTemplate>())).toEqual(['unico']);

    expect((await call('DELETE', `${TEMPLATES}${template.id}`)).statusCode).toBe(204);
    expect(await storedTemplate(template.id)).toBeUndefined();
    expect((await call('DELETE', `${TEMPLATES}${template.id}`)).statusCode).toBe(404);
    expect((await call('PUT', `${TEMPLATES}${randomUUID()}/publish?publish=true`)).statusCode).toBe(404);

    const audit = (await assistantAudit(t.app, 'template')).filter((row) => row.details.template_id === template.id);
    expect(audit.map((row) => [row.action, row.actorUserId])).toEqual(
      [
        'admin.template.deleted',
        'admin.template.updated',
        'admin.template.updated',
        'admin.template.unpublished',
        'admin.template.published',
        'admin.template.created',
      ].map((action) => [action, scene.adminId]),
    );
  });

  it('add, change and delete fields, keeping ids unique and at least one field', async () => {
    const template = await created();
    const path = `${TEMPLATES}${template.id}/field`;
    const added = await call('POST', path, field('sono'));
    expect(added.statusCode, added.body).toBe(201);
    expect(fieldIds(added.json<TAdminTemplate>())).toEqual(['queixa', 'funcionalidade', 'medicacoes', 'sono']);

    const duplicate = await call('POST', path, field('sono'));
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual({
      detail: [{ loc: ['body', 'id'], msg: 'Já existe um campo com este id', type: 'value_error' }],
    });

    const changed = await call('PUT', `${path}/funcionalidade`, {
      ...field('atividades'),
      title: 'Atividades diárias',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<TAdminTemplate>().fields[1]).toEqual({ ...field('atividades'), title: 'Atividades diárias' });
    expect((await call('PUT', `${path}/atividades`, field('sono'))).statusCode).toBe(422);
    expect((await call('PUT', `${path}/inexistente`, field('outro'))).json()).toEqual({
      detail: 'Campo não encontrado',
    });

    for (const id of ['sono', 'atividades', 'medicacoes']) {
      expect((await call('DELETE', `${path}/${id}`)).statusCode).toBe(200);
    }
    const last = await call('DELETE', `${path}/queixa`);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({
      detail: 'Um modelo precisa de ao menos um campo: inclua outro antes de excluir este',
    });
    expect(fieldIds((await storedTemplate(template.id))!)).toEqual(['queixa']);
    expect((await call('DELETE', `${path}/sono`)).statusCode).toBe(404);

    const audit = (await assistantAudit(t.app, 'template')).filter((row) => row.details.template_id === template.id);
    expect(audit.map((row) => [row.action, row.details.field_id])).toEqual([
      ['admin.template.field_deleted', 'medicacoes'],
      ['admin.template.field_deleted', 'atividades'],
      ['admin.template.field_deleted', 'sono'],
      ['admin.template.field_updated', 'funcionalidade'],
      ['admin.template.field_added', 'sono'],
      ['admin.template.created', undefined],
    ]);
  });

  it('reorder with the complete list; a list that is not exactly the fields is refused and changes nothing', async () => {
    const template = await created();
    const order = (ids: string) => call('PUT', `${TEMPLATES}${template.id}/field/order?order=${ids}`);
    const reordered = await order('medicacoes,queixa,funcionalidade');
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(fieldIds(reordered.json<TAdminTemplate>())).toEqual(['medicacoes', 'queixa', 'funcionalidade']);
    const [audit] = await assistantAudit(t.app, 'template');
    expect(audit!.details).toEqual({ template_id: template.id, order: ['medicacoes', 'queixa', 'funcionalidade'] });

    const before = await storedTemplate(template.id);
    const refusals: [string, string][] = [
      ['medicacoes,queixa', 'faltando: funcionalidade'],
      ['medicacoes,queixa,funcionalidade,sono', 'desconhecidos: sono'],
      ['medicacoes,queixa,queixa,funcionalidade', 'repetidos: queixa'],
      ['medicacoes,queixa,sono', 'desconhecidos: sono; faltando: funcionalidade'],
    ];
    for (const [ids, problem] of refusals) {
      const response = await order(ids);
      expect(response.statusCode, ids).toBe(422);
      expect(response.json(), ids).toEqual({
        detail: [
          {
            loc: ['querystring', 'order'],
            msg: `Informe todos os campos do modelo, cada um uma vez (${problem})`,
            type: 'value_error',
          },
        ],
      });
    }
    expect(errorLocs(await call('PUT', `${TEMPLATES}${template.id}/field/order`))).toEqual([['querystring', 'order']]);
    expect(errorLocs(await order(''))).toEqual([['querystring', 'order']]);
    expect(errorLocs(await order('medicacoes,,queixa'))).toEqual([['querystring', 'order', '1']]);
    expect(await storedTemplate(template.id)).toEqual(before);
  });

  it('refuse deleting a seeded template (409), which can be unpublished instead', async () => {
    const [soap] = await t.app.db
      .select()
      .from(anamnesisTemplates)
      .where(eq(anamnesisTemplates.seedKey, 'template.soap'));
    const refused = await call('DELETE', `${TEMPLATES}${soap!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'Este modelo vem com o Escriba e não pode ser excluído: despublique-o' });
    expect(await storedTemplate(soap!.id)).toEqual(soap);
    expect((await call('PUT', `${TEMPLATES}${soap!.id}/publish?publish=false`)).json()).toMatchObject({
      published: false,
      seeded: true,
    });
    expect((await pickerOf(scene.professional)).some((each) => each.id === soap!.id)).toBe(false);
    await call('PUT', `${TEMPLATES}${soap!.id}/publish?publish=true`);
  });

  it('refuse bad input naming the field, changing nothing', async () => {
    const template = await created();
    const before = await storedTemplates();
    const [first, second] = body().fields;
    const path = `${TEMPLATES}${template.id}`;
    const cases: [Method, string, unknown, (string | number)[]][] = [
      ['POST', TEMPLATES, body({ fields: [] }), ['body', 'fields']],
      ['POST', TEMPLATES, body({ fields: [first, { ...second, id: first!.id }] }), ['body', 'fields', '1', 'id']],
      ['POST', TEMPLATES, body({ fields: [field('order')] }), ['body', 'fields', '0', 'id']],
      ['POST', TEMPLATES, body({ name: ' ' }), ['body', 'name']],
      ['POST', TEMPLATES, body({ specialization_id: 99_999 }), ['body', 'specialization_id']],
      ['POST', TEMPLATES, body({ owner_id: randomUUID() }), ['body', 'owner_id']],
      ['PUT', path, { name: 'X', published: true }, ['body', 'published']],
      ['PUT', path, { name: 'X', fields: [{ ...first, kind: 'table' }] }, ['body', 'fields', '0', 'kind']],
      ['PUT', `${path}/publish?publish=sim`, undefined, ['querystring', 'publish']],
      ['PUT', `${path}/publish`, undefined, ['querystring', 'publish']],
      ['POST', `${path}/field`, { ...field('novo'), id: 'Novo Campo' }, ['body', 'id']],
      ['POST', `${path}/field`, field('order'), ['body', 'id']],
      ['POST', `${path}/field`, { ...field('novo'), title: '' }, ['body', 'title']],
      ['PUT', `${path}/field/queixa`, { ...field('queixa'), kind: 'table' }, ['body', 'kind']],
      ['PUT', '/template/modelo-1', { name: 'X' }, ['params', 'id']],
      ['DELETE', '/template/modelo-1/field/queixa', undefined, ['params', 'id']],
    ];
    for (const [method, url, payload, loc] of cases) {
      const response = await call(method, url, payload);
      expect(response.statusCode, `${method} ${url} ${response.body}`).toBe(422);
      expect(errorLocs(response), `${method} ${url}`).toContainEqual(loc);
    }
    expect(await storedTemplates()).toEqual(before);
  });

  it('answer 401 without a session and 403 to a professional, changing nothing', async () => {
    const template = await created();
    const before = await t.app.db.select().from(anamnesisTemplates).where(isNull(anamnesisTemplates.ownerId));
    const path = `${TEMPLATES}${template.id}`;
    const calls: [Method, string, unknown][] = [
      ['GET', TEMPLATES, undefined],
      ['POST', TEMPLATES, body()],
      ['PUT', path, { name: 'Tomado' }],
      ['DELETE', path, undefined],
      ['PUT', `${path}/publish?publish=true`, undefined],
      ['POST', `${path}/field`, field('novo')],
      ['PUT', `${path}/field/order?order=medicacoes,funcionalidade,queixa`, undefined],
      ['PUT', `${path}/field/queixa`, field('queixa')],
      ['DELETE', `${path}/field/queixa`, undefined],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, payload, {})).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, payload, scene.professional)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await t.app.db.select().from(anamnesisTemplates).where(isNull(anamnesisTemplates.ownerId))).toEqual(before);
  });

  it('apply concurrent field changes one after the other, under the row lock', async () => {
    const template = await created();
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        call('POST', `${TEMPLATES}${template.id}/field`, field(`extra_${index}`)),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array<number>(8).fill(201));
    const fields = fieldIds((await storedTemplate(template.id))!);
    expect(fields).toHaveLength(11);
    expect(new Set(fields).size).toBe(11);
  });
});
