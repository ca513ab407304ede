import type { TAdminSessionList, TAdminUserDetail, TAdminUserList, TTokenResponse } from '@escriba/contract';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorLocs } from '../../../test/account-requests';
import { createLoggedInUser, createTestUser, logIn } from '../../../test/factories';
import { uniqueWord } from '../../../test/clinical-factories';
import { useTestApp } from '../../../test/test-app';
import { adminRequest, createLoggedInAdmin } from '../../../test/admin-test-requests';

const t = useTestApp();

const ROUTES: [method: 'GET' | 'POST' | 'DELETE', path: (id: string) => string, query: Record<string, string>][] = [
  ['GET', () => '/user/', {}],
  ['GET', (id) => `/user/${id}`, {}],
  ['POST', (id) => `/user/${id}/set-status`, { status: 'suspended' }],
  ['POST', (id) => `/user/${id}/add-bonus-credit`, { amount: '5', reason: 'Cortesia' }],
  ['GET', (id) => `/user/${id}/session`, {}],
  ['DELETE', (id) => `/user/${id}/sessions`, {}],
  ['DELETE', (id) => `/user/${id}`, { confirm: 'x@clinica.test' }],
];

describe('admin user routes', () => {
  it('answer 401 without a token and 403 to a professional, changing nothing', async () => {
    const professional = await createLoggedInUser(t.app);
    const target = await createTestUser(t.app);
    for (const [method, path, query] of ROUTES) {
      const url = path(target.user.id);
      expect((await adminRequest(t.app, undefined, method, url, query)).statusCode, `${method} ${url}`).toBe(401);
      const forbidden = await adminRequest(t.app, professional.headers, method, url, query);
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
      expect(forbidden.json()).toEqual({ detail: 'Acesso restrito a administradores' });
    }
    await logIn(t.app, target.email, target.password);
  });

  it('answer 404 for an unknown user and 422 for an id that is not one', async () => {
    const admin = await createLoggedInAdmin(t.app);
    for (const [method, path, query] of ROUTES.slice(1)) {
      const unknown = await adminRequest(t.app, admin.headers, method, path(randomUUID()), query);
      expect(unknown.statusCode, `${method} ${path('x')}`).toBe(404);
      expect(unknown.json()).toEqual({ detail: 'Usuário não encontrado' });
      const malformed = await adminRequest(t.app, admin.headers, method, path('12345678909'), query);
      expect(malformed.statusCode).toBe(422);
      expect(errorLocs(malformed)).toEqual([['params', 'id']]);
    }
  });
});

describe('GET /api/v1/admin/user/', () => {
  it('filters by name ignoring accents and case, e-mail, CPF digits, status, scope and sign-up days', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const word = uniqueWord();
    const accented = await createTestUser(t.app, { name: `Dra. Conceição ${word} Ávila` });
    const suspended = await createTestUser(t.app, { name: `Dr. Otávio ${word}`, status: 'suspended' });
    const list = async (query: Record<string, string>) => {
      const response = await adminRequest(t.app, admin.headers, 'GET', '/user/', query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TAdminUserList>();
    };

    const byName = await list({ name: `CONCEICAO ${word.toUpperCase()} avila` });
    expect(byName.items.map((item) => item.id)).toEqual([accented.user.id]);
    expect(byName.items[0]).toMatchObject({
      name: accented.user.name,
      email: accented.email,
      cpf: accented.user.cpf,
      status: 'active',
      scopes: ['user'],
      credits: 0,
      last_seen_at: null,
    });
    expect((await list({ name: word })).total).toBe(2);
    expect((await list({ name: word, status: 'suspended' })).items.map((item) => item.id)).toEqual([suspended.user.id]);
    expect((await list({ email: accented.email.slice(0, 20).toUpperCase() })).items[0]!.id).toBe(accented.user.id);
    const cpf = suspended.user.cpf!;
    const formatted = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    expect((await list({ cpf: formatted })).items.map((item) => item.id)).toEqual([suspended.user.id]);
    expect((await list({ scope: 'admin', name: 'Administradora' })).items.map((item) => item.id)).toContain(
      admin.user.id,
    );
    expect((await list({ name: word, scope: 'admin' })).total).toBe(0);

    expect((await list({ name: word, created_from: '2000-01-01', created_to: '2000-12-31' })).total).toBe(0);
    expect((await list({ name: word, created_from: '2000-01-01' })).total).toBe(2);
    const paged = await list({ name: word, page: '2', page_size: '1' });
    expect(paged).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(paged.items.map((item) => item.id)).toEqual([accented.user.id]);

    await logIn(t.app, accented.email, accented.password);
    const afterLogin = await list({ name: `conceicao ${word}` });
    expect(afterLogin.items[0]!.last_seen_at).not.toBeNull();
  });

  it('refuses bad filters with 422 naming the field', async () => {
    const admin = await createLoggedInAdmin(t.app);
    for (const [query, field] of [
      [{ status: 'banned' }, 'status'],
      [{ scope: 'root' }, 'scope'],
      [{ cpf: 'abc' }, 'cpf'],
      [{ created_from: '2026-02-30' }, 'created_from'],
      [{ created_from: '2026-03-01', created_to: '2026-02-01' }, 'created_to'],
      [{ page_size: '1000' }, 'page_size'],
      [{ nome: 'x' }, 'nome'],
    ] as const) {
      const response = await adminRequest(t.app, admin.headers, 'GET', '/user/', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(errorLocs(response)).toEqual([['querystring', field]]);
    }
  });
});

describe('GET /api/v1/admin/user/{id} and /session', () => {
  it('shows the account, its sessions and its audit trail', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const user = await createLoggedInUser(t.app, { name: 'Dr. Caio Menezes' });
    const second: TTokenResponse = await t.app
      .inject({
        method: 'POST',
        url: '/api/v1/token',
        payload: new URLSearchParams({ username: user.email, password: user.password }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Navegador de Teste/1.0' },
      })
      .then((response) => response.json());
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/logout',
      headers: { authorization: `Bearer ${second.access_token}` },
    });

    const response = await adminRequest(t.app, admin.headers, 'GET', `/user/${user.user.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<TAdminUserDetail>();
    expect(detail).toMatchObject({
      id: user.user.id,
      name: 'Dr. Caio Menezes',
      phone: '11987654321',
      email_verified: true,
      licenses: [],
      specializations: [],
      credits: 0,
      credit_movements: [],
      credit_movements_total: 0,
      sessions_total: 2,
      deletion_impact: { patients: 0, consultations: 0, files: 0 },
    });
    expect(detail.sessions[0]).toMatchObject({
      id: second.session_id,
      user_agent: 'Navegador de Teste/1.0',
      ip: '127.0.0.1',
      is_active: false,
      end_reason: 'logout',
    });
    expect(detail.sessions[1]).toMatchObject({ id: user.session.session_id, is_active: true, ended_at: null });
    expect(detail.audit.map((event) => event.action)).toEqual(
      expect.arrayContaining(['auth.login_succeeded', 'auth.logout']),
    );

    const sessions = await adminRequest(t.app, admin.headers, 'GET', `/user/${user.user.id}/session`, {
      page_size: '1',
    });
    expect(sessions.statusCode).toBe(200);
    expect(sessions.json<TAdminSessionList>()).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect(sessions.json<TAdminSessionList>().items.map((session) => session.id)).toEqual([second.session_id]);
    const badPage = await adminRequest(t.app, admin.headers, 'GET', `/user/${user.user.id}/session`, { page: '0' });
    expect(badPage.statusCode).toBe(422);
  });
});

describe('the OpenAPI document', () => {
  it('describes the admin user and consultation routes, with the bearer token', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    }>();
    const expected: Record<string, string[]> = {
      '/api/v1/admin/user/': ['get'],
      '/api/v1/admin/user/{id}': ['get', 'delete'],
      '/api/v1/admin/user/{id}/set-status': ['post'],
      '/api/v1/admin/user/{id}/add-bonus-credit': ['post'],
      '/api/v1/admin/user/{id}/session': ['get'],
      '/api/v1/admin/user/{id}/sessions': ['delete'],
      '/api/v1/admin/consultation/': ['get'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      expect(Object.keys(document.paths[path] ?? {}).sort(), path).toEqual(methods.sort());
      for (const method of methods) expect(document.paths[path]![method]!.security).toEqual([{ bearer: [] }]);
    }
  });
});
