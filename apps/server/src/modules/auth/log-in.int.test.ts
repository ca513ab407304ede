import type { TTokenResponse } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { createTestUser, logIn, TEST_PASSWORD, uniqueEmail } from '../../../test/factories';
import { sessions } from '../../db/schema/index';

const t = useTestApp();

function postToken(form: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/token',
    payload: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

describe('POST /api/v1/token', () => {
  it('answers the session, the stream token and the user', async () => {
    const { email, user } = await createTestUser(t.app);
    const response = await postToken({ username: email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json<TTokenResponse>();
    expect(body.token_type).toBe('bearer');
    expect(body.access_token).toMatch(/^[\w-]{40,}$/);
    expect(body.stream_token).not.toBe(body.access_token);
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(Date.now());
    expect(body.user).toEqual({ id: user.id, name: user.name, email, scopes: ['user'] });
  });

  it('accepts the e-mail in any case', async () => {
    const { email } = await createTestUser(t.app);
    const body = await logIn(t.app, email.toUpperCase(), TEST_PASSWORD);
    expect(body.access_token).toBeTruthy();
  });

  it('gives wrong password, unknown user and a suspended user with a wrong password the same 401', async () => {
    const { email } = await createTestUser(t.app);
    const suspended = await createTestUser(t.app, { status: 'suspended' });
    const answers = await Promise.all([
      postToken({ username: email, password: 'senha errada demais' }),
      postToken({ username: uniqueEmail(), password: TEST_PASSWORD }),
      postToken({ username: suspended.email, password: 'senha errada demais' }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ detail: 'E-mail ou senha incorretos' });
    }
  });

  it('tells a suspended user with the right password that the account is suspended, opening no session', async () => {
    const { email, user } = await createTestUser(t.app, { status: 'suspended' });
    const response = await postToken({ username: email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(423);
    expect(response.json()).toEqual({
      detail: 'Esta conta está suspensa. Fale com o administrador do Escriba para reativá-la.',
    });
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('refuses an account whose e-mail is not confirmed yet, only with the right password', async () => {
    const { email } = await createTestUser(t.app, { status: 'pending_verification' });
    expect((await postToken({ username: email, password: TEST_PASSWORD })).statusCode).toBe(403);
    expect((await postToken({ username: email, password: 'outra senha qualquer' })).statusCode).toBe(401);
  });
});

describe('POST /api/v1/token with bad input', () => {
  it('names the field for control characters, a missing password or another content type', async () => {
    const withNul = await postToken({ username: 'a\u0000b@clinica.test', password: 'qualquer senha' });
    expect(withNul.statusCode).toBe(422);
    expect(withNul.json<{ detail: { loc: string[] }[] }>().detail[0]!.loc).toEqual(['body', 'username']);
    const missing = await postToken({ username: uniqueEmail() });
    expect(missing.json<{ detail: { loc: string[] }[] }>().detail[0]!.loc).toEqual(['body', 'password']);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token',
      payload: { username: 'a', password: 'b' },
    });
    expect(json.statusCode).toBe(415);
  });
});
