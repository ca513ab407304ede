import type { TSpecialization } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { errorLocs, logOut } from '../../../test/account-requests';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();

const BASE = '/api/v1/user/me/specialization/';
type Headers = Record<string, string>;

const add = (headers: Headers, specialization: string | number) =>
  t.app.inject({ method: 'POST', url: BASE, headers, query: { specialization: String(specialization) } });
const remove = (headers: Headers, id: string | number) =>
  t.app.inject({ method: 'DELETE', url: `${BASE}${id}`, headers });
const list = async (headers: Headers) => {
  const response = await t.app.inject({ method: 'GET', url: BASE, headers });
  expect(response.statusCode).toBe(200);
  return response.json<TSpecialization[]>();
};

describe('GET and POST /api/v1/user/me/specialization/', () => {
  it('adds specializations and lists them in the order they were added', async () => {
    const { headers } = await createLoggedInUser(t.app);
    expect(await list(headers)).toEqual([]);
    const cardiology = await add(headers, 5);
    expect(cardiology.statusCode).toBe(201);
    expect(cardiology.json()).toEqual({ id: 5, name: 'Cardiologia', license_type_id: 1 });
    expect((await add(headers, 49)).statusCode).toBe(201);
    expect((await add(headers, 119)).json()).toEqual({ id: 119, name: 'Psicologia Clínica', license_type_id: 4 });
    expect((await list(headers)).map((item) => item.id)).toEqual([5, 49, 119]);
  });

  it('answers 409 for a specialization already added, even twice at once', async () => {
    const { headers } = await createLoggedInUser(t.app);
    expect((await add(headers, 18)).statusCode).toBe(201);
    const again = await add(headers, 18);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Especialidade já adicionada' });
    const together = await Promise.all([add(headers, 21), add(headers, 21)]);
    expect(together.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect((await list(headers)).map((item) => item.id)).toEqual([18, 21]);
  });

  it('refuses unknown, malformed, missing and extra query values with 422 naming the field', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const cases: [Record<string, string>, string][] = [
      [{}, 'specialization'],
      [{ specialization: '99999' }, 'specialization'],
      [{ specialization: '0' }, 'specialization'],
      [{ specialization: '-5' }, 'specialization'],
      [{ specialization: '5.5' }, 'specialization'],
      [{ specialization: 'cardiologia' }, 'specialization'],
      [{ specialization: '99999999999' }, 'specialization'],
      [{ specialization: '5\u0000' }, 'specialization'],
      [{ specialization: '5', user_id: 'outro' }, 'user_id'],
    ];
    for (const [query, field] of cases) {
      const response = await t.app.inject({ method: 'POST', url: BASE, headers, query });
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(errorLocs(response), JSON.stringify(query)).toContainEqual(['querystring', field]);
    }
    expect(await list(headers)).toEqual([]);
  });
});

describe('DELETE /api/v1/user/me/specialization/{id}', () => {
  it('removes one of mine; removing it again answers 404', async () => {
    const { headers } = await createLoggedInUser(t.app);
    await add(headers, 5);
    await add(headers, 10);
    const response = await remove(headers, 5);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await list(headers)).map((item) => item.id)).toEqual([10]);
    expect((await remove(headers, 5)).statusCode).toBe(404);
  });

  it("answers 404 for another user's specialization and leaves it in place", async () => {
    const owner = await createLoggedInUser(t.app);
    const intruder = await createLoggedInUser(t.app);
    await add(owner.headers, 43);
    const response = await remove(intruder.headers, 43);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Especialidade não encontrada' });
    expect((await list(owner.headers)).map((item) => item.id)).toEqual([43]);
    expect(await list(intruder.headers)).toEqual([]);
  });

  it('answers 422 for an id that is not a positive integer', async () => {
    const { headers } = await createLoggedInUser(t.app);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await remove(headers, id);
      expect(response.statusCode, id).toBe(422);
      expect(errorLocs(response)).toEqual([['params', 'id']]);
    }
  });
});

describe('specialization routes refuse callers without a valid session', () => {
  it('answers 401 without a token and with the token of a session that logged out', async () => {
    const user = await createLoggedInUser(t.app);
    await add(user.headers, 5);
    const loggedOut = await createLoggedInUser(t.app);
    await logOut(t.app, loggedOut.headers);
    for (const headers of [{}, loggedOut.headers]) {
      expect((await t.app.inject({ method: 'GET', url: BASE, headers })).statusCode).toBe(401);
      expect((await add(headers, 5)).statusCode).toBe(401);
      expect((await remove(headers, 5)).statusCode).toBe(401);
    }
    expect((await list(user.headers)).map((item) => item.id)).toEqual([5]);
  });
});
