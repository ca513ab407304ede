import type { TIntrospectResponse, TRefreshResponse } from '@escriba/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();
afterEach(() => vi.useRealTimers());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const getMe = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/user/me/', headers: bearer(token) });
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/token/refresh', headers: bearer(token) });
const introspect = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/token/introspect',
    payload: `token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('authenticated requests', () => {
  it('answer 401 without a token, with a malformed one and with an unknown one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/me/' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user/me/', headers: { authorization: 'Basic abc' } }))
        .statusCode,
    ).toBe(401);
    const unknown = await getMe('x'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.headers['www-authenticate']).toContain('invalid_token');
  });
});

describe('POST /api/v1/token/refresh', () => {
  it('rotates the token: the new one works, the old one stops working', async () => {
    const { session } = await createLoggedInUser(t.app);
    const response = await refresh(session.access_token);
    expect(response.statusCode).toBe(200);
    const rotated = response.json<TRefreshResponse>();
    expect(rotated.access_token).not.toBe(session.access_token);
    expect(new Date(rotated.expires_at).getTime()).toBeGreaterThan(Date.now());
    expect((await getMe(rotated.access_token)).statusCode).toBe(200);
    expect((await getMe(session.access_token)).statusCode).toBe(401);
  });

  it('rotates once when two refreshes of one token race, and both callers get a working token', async () => {
    const { session } = await createLoggedInUser(t.app);
    const [first, second] = await Promise.all([refresh(session.access_token), refresh(session.access_token)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const tokens = [first.json<TRefreshResponse>().access_token, second.json<TRefreshResponse>().access_token];
    expect(tokens[0]).toBe(tokens[1]);
    expect((await getMe(tokens[0]!)).statusCode).toBe(200);
    // The successor can be rotated again; the original cannot any more once that happened.
    expect((await refresh(tokens[0]!)).statusCode).toBe(200);
    expect((await refresh(session.access_token)).statusCode).toBe(401);
  });

  it('refuses a token replaced more than the grace period ago', async () => {
    const { session } = await createLoggedInUser(t.app);
    expect((await refresh(session.access_token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    expect((await refresh(session.access_token)).statusCode).toBe(401);
  });
});

describe('POST /api/v1/token/logout', () => {
  it('ends the session at once', async () => {
    const { session, headers } = await createLoggedInUser(t.app);
    expect((await getMe(session.access_token)).statusCode).toBe(200);
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/token/logout', headers });
    expect(response.statusCode).toBe(204);
    expect((await getMe(session.access_token)).statusCode).toBe(401);
    expect((await refresh(session.access_token)).statusCode).toBe(401);
  });

  it('ends only that session', async () => {
    const first = await createLoggedInUser(t.app);
    const { logIn } = await import('../../../test/factories');
    const second = await logIn(t.app, first.email, first.password);
    await t.app.inject({ method: 'POST', url: '/api/v1/token/logout', headers: first.headers });
    expect((await getMe(second.access_token)).statusCode).toBe(200);
  });
});

describe('POST /api/v1/token/introspect', () => {
  it('describes an active token as RFC 7662 says', async () => {
    const { session, user } = await createLoggedInUser(t.app);
    const response = await introspect(session.access_token);
    expect(response.statusCode).toBe(200);
    const body = response.json<TIntrospectResponse>();
    expect(body).toMatchObject({
      active: true,
      sub: user.id,
      scope: 'user',
      token_type: 'bearer',
      sid: session.session_id,
    });
    expect(body.exp).toBe(Math.floor(new Date(session.expires_at).getTime() / 1000));
  });

  it('answers only active: false for a revoked or unknown token', async () => {
    const { session, headers } = await createLoggedInUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v1/token/logout', headers });
    expect((await introspect(session.access_token)).json()).toEqual({ active: false });
    expect((await introspect('desconhecido')).json()).toEqual({ active: false });
  });

  it('takes JSON too, and names a missing token', async () => {
    const { session } = await createLoggedInUser(t.app);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/introspect',
      payload: { token: session.access_token },
    });
    expect(json.json<TIntrospectResponse>().active).toBe(true);
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/token/introspect', payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ detail: { loc: string[] }[] }>().detail[0]!.loc).toEqual(['body', 'token']);
  });
});

describe('session lifetime', () => {
  it('ends a session left idle longer than the idle timeout', async () => {
    const { session } = await createLoggedInUser(t.app);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + t.config.session.idleTimeoutMs + 1_000 });
    expect((await getMe(session.access_token)).statusCode).toBe(401);
    vi.useRealTimers();
    expect((await getMe(session.access_token)).statusCode).toBe(401);
  });

  it('ends a session past its absolute lifetime even when in use, and no token outlives it', async () => {
    const { session } = await createLoggedInUser(t.app);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    // Keep it busy: one request every idle period's half, until past the absolute lifetime.
    const step = t.config.session.idleTimeoutMs / 2;
    let token = session.access_token;
    for (let at = start; at < start + t.config.session.maxAgeMs - step; at += step) {
      vi.setSystemTime(at);
      const rotated = await refresh(token);
      expect(rotated.statusCode).toBe(200);
      const body = rotated.json<TRefreshResponse>();
      expect(new Date(body.expires_at).getTime()).toBeLessThanOrEqual(start + t.config.session.maxAgeMs + 1_000);
      token = body.access_token;
    }
    vi.setSystemTime(start + t.config.session.maxAgeMs + 1_000);
    expect((await getMe(token)).statusCode).toBe(401);
  });
});
