import type { TAdminPersona } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorLocs } from '../../../test/account-requests';
import { assistantAudit, useAdminScene, type Method } from '../../../test/assistant-test-requests';
import { useTestApp } from '../../../test/test-app';
import { personas } from '../../db/schema/index';
import { defaultPersona } from '../assistant-seeds/default-persona';

const t = useTestApp();
const scene = useAdminScene(t);
const { call } = scene;
const PERSONAS = '/prompt/persona/';
const stored = () => t.app.db.select().from(personas).orderBy(personas.id);
const body = (name = 'Geriatra') => ({
  name,
  description: 'Consultas de idosos.',
  instructions: 'Você é um geriatra: registre funcionalidade, quedas e polifarmácia.',
});

async function created(name?: string): Promise<TAdminPersona> {
  const response = await call('POST', PERSONAS, body(name));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TAdminPersona>();
}

describe('admin personas', () => {
  it('list the default first, then by name, marking the seeded ones', async () => {
    const response = await call('GET', PERSONAS);
    expect(response.statusCode).toBe(200);
    const all = response.json<TAdminPersona[]>();
    expect(all.map((persona) => [persona.name, persona.is_default, persona.seeded])).toEqual([
      ['Clínico geral objetivo', true, true],
      ['Pediatra', false, true],
      ['Psiquiatra', false, true],
    ]);
  });

  it('create (never the default), replace and delete a persona, auditing each change', async () => {
    const persona = await created();
    expect(persona).toMatchObject({ ...body(), is_default: false, seeded: false });
    const replaced = await call('PUT', `${PERSONAS}${persona.id}`, { ...body('Geriatria'), description: '' });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ name: 'Geriatria', description: '', instructions: body().instructions });
    expect((await call('DELETE', `${PERSONAS}${persona.id}`)).statusCode).toBe(204);
    expect((await stored()).some((row) => row.id === persona.id)).toBe(false);
    expect((await call('DELETE', `${PERSONAS}${persona.id}`)).statusCode).toBe(404);
    const missing = await call('PUT', `${PERSONAS}${persona.id}`, body());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Persona não encontrada' });
    const audit = (await assistantAudit(t.app, 'persona')).slice(0, 3);
    expect(audit.map((row) => [row.action, row.actorUserId, row.details])).toEqual([
      ['admin.persona.deleted', scene.adminId, { persona_id: persona.id, name: 'Geriatria' }],
      ['admin.persona.updated', scene.adminId, { persona_id: persona.id, changed: ['name', 'description'] }],
      ['admin.persona.created', scene.adminId, { persona_id: persona.id }],
    ]);
  });

  it('set the default, which generation then uses; the previous one stops being it', async () => {
    const previous = await defaultPersona(t.app.db);
    const persona = await created('Cardiologista');
    const response = await call('POST', `${PERSONAS}${persona.id}/set-default`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: persona.id, is_default: true });
    expect((await defaultPersona(t.app.db))?.id).toBe(persona.id);
    expect((await stored()).filter((row) => row.isDefault).map((row) => row.id)).toEqual([persona.id]);
    const [audit] = await assistantAudit(t.app, 'persona');
    expect(audit!.details).toEqual({ persona_id: persona.id, previous_default_id: previous!.id });
    // Again: nothing changes.
    expect((await call('POST', `${PERSONAS}${persona.id}/set-default`)).json()).toMatchObject({ is_default: true });
    expect((await call('POST', `${PERSONAS}${randomUUID()}/set-default`)).statusCode).toBe(404);
  });

  it('leave exactly one default after 20 concurrent set-default calls on different personas', async () => {
    const candidates = await Promise.all(Array.from({ length: 20 }, (_, index) => created(`Concorrente ${index}`)));
    const responses = await Promise.all(
      candidates.map((persona) => call('POST', `${PERSONAS}${persona.id}/set-default`)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array<number>(20).fill(200));
    const defaults = (await stored()).filter((row) => row.isDefault);
    expect(defaults).toHaveLength(1);
    expect(candidates.map((persona) => persona.id)).toContain(defaults[0]!.id);
    const list = (await call('GET', PERSONAS)).json<TAdminPersona[]>();
    expect(list[0]!.id).toBe(defaults[0]!.id);
    expect(list.filter((persona) => persona.is_default)).toHaveLength(1);
  });

  it('refuse deleting the default or a seeded persona (409), changing nothing', async () => {
    const before = await stored();
    const current = (await defaultPersona(t.app.db))!;
    const refused = await call('DELETE', `${PERSONAS}${current.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'Escolha outra persona padrão antes de excluir esta' });
    const seeded = before.find((row) => row.seedKey === 'persona.pediatra')!;
    const seededRefused = await call('DELETE', `${PERSONAS}${seeded.id}`);
    expect(seededRefused.statusCode).toBe(409);
    expect(seededRefused.json()).toEqual({ detail: 'Esta persona vem com o Escriba e não pode ser excluída' });
    expect(await stored()).toEqual(before);
  });

  it('refuse bad input naming the field, changing nothing', async () => {
    const before = await stored();
    const id = before[0]!.id;
    const cases: [Method, string, unknown, (string | number)[]][] = [
      ['POST', PERSONAS, { ...body(), name: ' ' }, ['body', 'name']],
      ['POST', PERSONAS, { ...body(), instructions: '' }, ['body', 'instructions']],
      ['POST', PERSONAS, { ...body(), is_default: true }, ['body', 'is_default']],
      ['PUT', `${PERSONAS}${id}`, { ...body(), description: 'x'.repeat(501) }, ['body', 'description']],
      ['PUT', `${PERSONAS}persona-1`, body(), ['params', 'id']],
      ['POST', `${PERSONAS}persona-1/set-default`, undefined, ['params', 'id']],
      ['DELETE', `${PERSONAS}persona-1`, undefined, ['params', 'id']],
    ];
    for (const [method, path, payload, loc] of cases) {
      const response = await call(method, path, payload);
      expect(response.statusCode, `${method} ${path} ${response.body}`).toBe(422);
      expect(errorLocs(response)).toContainEqual(loc);
    }
    expect(await stored()).toEqual(before);
  });

  it('answer 401 without a session and 403 to a professional, changing nothing', async () => {
    const before = await stored();
    const id = before.find((row) => !row.isDefault)!.id;
    const calls: [Method, string, unknown][] = [
      ['GET', PERSONAS, undefined],
      ['POST', PERSONAS, body()],
      ['PUT', `${PERSONAS}${id}`, body('Tomada')],
      ['DELETE', `${PERSONAS}${id}`, undefined],
      ['POST', `${PERSONAS}${id}/set-default`, undefined],
    ];
    for (const [method, path, payload] of calls) {
      expect((await call(method, path, payload, {})).statusCode, `${method} ${path}`).toBe(401);
      expect((await call(method, path, payload, scene.professional)).statusCode, `${method} ${path}`).toBe(403);
    }
    expect(await stored()).toEqual(before);
    const [row] = await t.app.db.select().from(personas).where(eq(personas.id, id));
    expect(row!.isDefault).toBe(false);
  });
});
