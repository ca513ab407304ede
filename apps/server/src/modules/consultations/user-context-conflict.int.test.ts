import type { TConsultation, TUserContextConflict } from '@escriba/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();
let headers: Record<string, string>;
beforeAll(async () => {
  ({ headers } = await createLoggedInUser(t.app));
});

const url = (id: string) => `/api/v1/user/consultations/${id}/user-context`;
const putContext = (id: string, payload: object, as = headers) =>
  t.app.inject({ method: 'PUT', url: url(id), headers: as, payload });
const storedText = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/user/consultations/${id}`, headers })).json<TConsultation>()
    .user_context;

describe('PUT /user/consultations/{id}/user-context from two tabs', () => {
  it('answers a save based on an older text with 409 and the stored text, storing nothing', async () => {
    const { id } = await createTestConsultation(t.app, headers);
    // Both tabs opened the consultation while it was empty; the first one saves.
    const first = await putContext(id, { user_context: 'PA 12x8', base_user_context: '' });
    expect(first.statusCode, first.body).toBe(200);

    const stale = await putContext(id, { user_context: 'Cefaleia há 3 dias', base_user_context: '' });
    expect(stale.statusCode, stale.body).toBe(409);
    const conflict = stale.json<TUserContextConflict>();
    expect(conflict.user_context).toBe('PA 12x8');
    expect(conflict.detail).toMatch(/outra aba/);
    expect(await storedText(id)).toBe('PA 12x8');

    // Having seen the newer text, the second tab's choice is stored.
    const chosen = await putContext(id, { user_context: 'Cefaleia há 3 dias', base_user_context: 'PA 12x8' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await storedText(id)).toBe('Cefaleia há 3 dias');
  });

  it('accepts a repeated save of the stored text (a retry whose answer was lost) and a save without a base', async () => {
    const { id } = await createTestConsultation(t.app, headers);
    expect((await putContext(id, { user_context: 'Retorno', base_user_context: '' })).statusCode).toBe(200);
    expect((await putContext(id, { user_context: 'Retorno', base_user_context: '' })).statusCode).toBe(200);
    expect((await putContext(id, { user_context: 'Sem base' })).statusCode).toBe(200);
    expect(await storedText(id)).toBe('Sem base');
  });

  it("answers 401 without a token, 404 for another professional's consultation and 422 naming a bad base", async () => {
    const { id } = await createTestConsultation(t.app, headers);
    const body = { user_context: 'x', base_user_context: '' };
    expect((await putContext(id, body, {})).statusCode).toBe(401);
    const other = await createLoggedInUser(t.app);
    expect((await putContext(id, body, other.headers)).statusCode).toBe(404);
    const bad = await putContext(id, { user_context: 'x', base_user_context: 42 });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('base_user_context');
    expect(await storedText(id)).toBe('');
  });
});
