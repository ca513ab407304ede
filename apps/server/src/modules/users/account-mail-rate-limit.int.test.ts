import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { forgotPassword, resendVerification, signUpBody, uniqueIp } from '../../../test/account-requests';
import { openDispute } from '../../../test/cpf-dispute-test-requests';
import { createTestUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp((config) => ({
  ...config,
  rateLimits: {
    ...config.rateLimits,
    accountMailPerAccount: { points: 2, durationSeconds: 60 },
    accountMailPerIp: { points: 3, durationSeconds: 60 },
  },
}));

function expectRateLimited(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.json<{ detail: string }>().detail).toMatch(/^Muitas tentativas\. Tente novamente em 1 minuto\.$/);
}

describe('account mail rate limits', () => {
  it('limits forgot-password per account, whatever the client address, with 429 and Retry-After', async () => {
    const account = await createTestUser(t.app);
    const query = { email: account.email, cpf: account.user.cpf! };
    expect((await forgotPassword(t.app, query)).statusCode).toBe(202);
    expect((await forgotPassword(t.app, query)).statusCode).toBe(202);
    expectRateLimited(await forgotPassword(t.app, query));
    // The same address in another case is the same account.
    expectRateLimited(await forgotPassword(t.app, { ...query, email: account.email.toUpperCase() }));
    // Another account is not affected.
    const other = await createTestUser(t.app);
    expect((await forgotPassword(t.app, { email: other.email, cpf: other.user.cpf! })).statusCode).toBe(202);
  });

  it('limits an address without an account the same way, so the limit reveals nothing', async () => {
    const stranger = signUpBody();
    const query = { email: stranger.email, cpf: stranger.cpf };
    expect((await forgotPassword(t.app, query)).statusCode).toBe(202);
    expect((await forgotPassword(t.app, query)).statusCode).toBe(202);
    expectRateLimited(await forgotPassword(t.app, query));
  });

  it('counts verification resends against the same per-account limit', async () => {
    const account = await createTestUser(t.app, { status: 'pending_verification' });
    expect((await resendVerification(t.app, account.email)).statusCode).toBe(202);
    expect((await forgotPassword(t.app, { email: account.email, cpf: account.user.cpf! })).statusCode).toBe(202);
    expectRateLimited(await resendVerification(t.app, account.email));
  });

  it('limits account mail per client address across accounts', async () => {
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 3; attempt++) {
      const stranger = signUpBody();
      expect((await forgotPassword(t.app, { email: stranger.email, cpf: stranger.cpf }, ip)).statusCode).toBe(202);
    }
    const last = signUpBody();
    expectRateLimited(await forgotPassword(t.app, { email: last.email, cpf: last.cpf }, ip));
    expectRateLimited(await resendVerification(t.app, last.email, ip));
    expect((await forgotPassword(t.app, { email: last.email, cpf: last.cpf }, uniqueIp())).statusCode).toBe(202);
  });

  it('limits CPF dispute links per client address, as the account mail routes', async () => {
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await openDispute(t.app, { code: `codigo-${attempt}` }, ip)).statusCode).toBe(422);
    }
    expectRateLimited(await openDispute(t.app, { code: 'codigo-4' }, ip));
    expect((await openDispute(t.app, { code: 'codigo-4' }, uniqueIp())).statusCode).toBe(422);
  });

  it('does not count refused input', async () => {
    const account = await createTestUser(t.app);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await forgotPassword(t.app, { email: account.email, cpf: '111.111.111-11' })).statusCode).toBe(422);
    }
    expect((await forgotPassword(t.app, { email: account.email, cpf: account.user.cpf! })).statusCode).toBe(202);
  });
});
