import type { TAdminPersona } from '@escriba/contract';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorLocs } from '../../../test/account-requests';
import { assistantAudit, useAdminScene } from '../../../test/assistant-test-requests';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { specializationPersonas } from '../../db/schema/index';
import { defaultPersona, personaFor } from '../assistant-seeds/default-persona';

const t = useTestApp();
const scene = useAdminScene(t);
const { call } = scene;
const PERSONAS = '/prompt/persona/';
const assignments = () =>
  t.app.db.select().from(specializationPersonas).orderBy(specializationPersonas.specializationId);

async function specializationId(name: string): Promise<number> {
  const found = (await t.app.referenceData.specializations()).find((item) => item.name === name);
  if (!found) throw new Error(`No specialization ${name}`);
  return found.id;
}

async function createdPersona(name: string): Promise<TAdminPersona> {
  const response = await call('POST', PERSONAS, { name, description: '', instructions: `Você escreve como ${name}.` });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TAdminPersona>();
}

const setSpecializations = (id: string, ids: unknown, as?: Record<string, string>) =>
  call('PUT', `${PERSONAS}${id}/specializations`, { specialization_ids: ids }, as);

/** A professional who added these specializations, in this order. */
async function professionalWith(...names: string[]) {
  const professional = await createLoggedInUser(t.app);
  for (const name of names) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/user/me/specialization/?specialization=${await specializationId(name)}`,
      headers: professional.headers,
    });
    expect(response.statusCode, response.body).toBe(201);
  }
  return professional.user.id;
}

describe('a persona as the default of specializations', () => {
  it('writes for those specializations; the first one she added that has a persona wins; others get the default', async () => {
    const global = (await defaultPersona(t.app.db))!;
    const pediatric = await createdPersona('Pediatria acolhedora');
    const cardio = await createdPersona('Cardiologia objetiva');
    const [pediatria, cardiologia, neurologia] = await Promise.all(
      ['Pediatria', 'Cardiologia', 'Neurologia'].map(specializationId),
    );
    const response = await setSpecializations(pediatric.id, [pediatria, neurologia, pediatria]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: pediatric.id, specialization_ids: [neurologia, pediatria] });
    expect((await setSpecializations(cardio.id, [cardiologia])).statusCode).toBe(200);

    expect((await personaFor(t.app.db, await professionalWith('Pediatria')))?.id).toBe(pediatric.id);
    expect((await personaFor(t.app.db, await professionalWith('Acupuntura', 'Cardiologia', 'Pediatria')))?.id).toBe(
      cardio.id,
    );
    expect((await personaFor(t.app.db, await professionalWith('Acupuntura')))?.id).toBe(global.id);
    expect((await personaFor(t.app.db, await professionalWith()))?.id).toBe(global.id);

    const list = (await call('GET', PERSONAS)).json<TAdminPersona[]>();
    expect(list.find((persona) => persona.id === pediatric.id)?.specialization_ids).toEqual([neurologia, pediatria]);
    expect(list.find((persona) => persona.is_default)?.specialization_ids).toEqual([]);
  });

  it('moves a specialization held by another persona, drops the ones left out, and audits both', async () => {
    const first = await createdPersona('Primeira');
    const second = await createdPersona('Segunda');
    const [acupuntura, anestesiologia] = await Promise.all(['Acupuntura', 'Anestesiologia'].map(specializationId));
    expect((await setSpecializations(first.id, [acupuntura, anestesiologia])).statusCode).toBe(200);
    const moved = await setSpecializations(second.id, [acupuntura]);
    expect(moved.json()).toMatchObject({ specialization_ids: [acupuntura] });
    const list = (await call('GET', PERSONAS)).json<TAdminPersona[]>();
    expect(list.find((persona) => persona.id === first.id)?.specialization_ids).toEqual([anestesiologia]);
    const [audit] = await assistantAudit(t.app, 'persona');
    expect([audit!.action, audit!.actorUserId, audit!.details]).toEqual([
      'admin.persona.specializations_set',
      scene.adminId,
      {
        persona_id: second.id,
        specialization_ids: [acupuntura],
        taken_from: [{ specialization_id: acupuntura, persona_id: first.id }],
      },
    ]);
    expect((await setSpecializations(first.id, [])).json()).toMatchObject({ specialization_ids: [] });
    expect((await assignments()).filter((row) => row.personaId === first.id)).toEqual([]);
  });

  it('falls back to the default once the persona of her specialization is deleted', async () => {
    const global = (await defaultPersona(t.app.db))!;
    const persona = await createdPersona('Geriatria');
    const geriatria = await specializationId('Geriatria');
    await setSpecializations(persona.id, [geriatria]);
    const professional = await professionalWith('Geriatria');
    expect((await personaFor(t.app.db, professional))?.id).toBe(persona.id);
    expect((await call('DELETE', `${PERSONAS}${persona.id}`)).statusCode).toBe(204);
    expect((await assignments()).some((row) => row.specializationId === geriatria)).toBe(false);
    expect((await personaFor(t.app.db, professional))?.id).toBe(global.id);
    const [audit] = await assistantAudit(t.app, 'persona');
    expect(audit!.details).toEqual({ persona_id: persona.id, name: 'Geriatria', specialization_ids: [geriatria] });
    expect((await setSpecializations(persona.id, [geriatria])).statusCode).toBe(404);
  });

  it('answers 404 for an unknown persona and 422 naming the field for bad input, changing nothing', async () => {
    const persona = await createdPersona('Intocada');
    const before = await assignments();
    const missing = await setSpecializations(randomUUID(), [1]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Persona não encontrada' });
    const cases: [string, unknown, (string | number)[]][] = [
      [persona.id, [1, 999_999], ['body', 'specialization_ids', 1]],
      [persona.id, ['1'], ['body', 'specialization_ids', '0']],
      [persona.id, [0], ['body', 'specialization_ids', '0']],
      [persona.id, undefined, ['body', 'specialization_ids']],
      ['persona-1', [1], ['params', 'id']],
    ];
    for (const [id, ids, loc] of cases) {
      const response = await setSpecializations(id, ids);
      expect(response.statusCode, `${JSON.stringify(ids)} ${response.body}`).toBe(422);
      expect(errorLocs(response)).toContainEqual(loc);
    }
    expect(await assignments()).toEqual(before);
  });

  it('answers 401 without a session and 403 to a professional, changing nothing', async () => {
    const persona = await createdPersona('Protegida');
    const before = await assignments();
    expect((await setSpecializations(persona.id, [1], {})).statusCode).toBe(401);
    expect((await setSpecializations(persona.id, [1], scene.professional)).statusCode).toBe(403);
    expect(await assignments()).toEqual(before);
  });
});
