import type * as argon2 from '@node-rs/argon2';
import { verify } from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { forgotPassword, resetPassword } from '../../../test/account-requests';
import { createTestUser, TEST_PASSWORD, uniqueEmail } from '../../../test/factories';
import { Mailbox } from '../../../test/mailbox';

// argon2's verify, counted: the timing test is a function of how many hashes a refusal verifies. Test
// files share a worker's modules (vitest.config.ts `isolate: false`): this one loads the app afresh, so
// that the passwords module sees the mock.
vi.hoisted(() => vi.resetModules());
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof argon2>();
  return { ...original, verify: vi.fn(original.verify) };
});

const t = useTestApp((config) => ({
  ...config,
  rateLimits: {
    ...config.rateLimits,
    loginPerIp: { points: 12, durationSeconds: 60 },
    loginFailuresPerAccountAddress: { points: 3, durationSeconds: 15 * 60 },
    loginFailuresPerAccountAllAddresses: { points: 6, durationSeconds: 15 * 60 },
  },
}));

const WRONG = 'senha errada aqui';

async function failFrom(email: string, ips: string[]): Promise<void> {
  for (const ip of ips) expect((await postToken(email, WRONG, ip)).statusCode).toBe(401);
}

function postToken(username: string, password: string, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/token',
    payload: new URLSearchParams({ username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: ip,
  });
}

describe('login rate limits', () => {
  it('locks an account from the address its failures came from, saying for how many minutes', async () => {
    const { email } = await createTestUser(t.app);
    await failFrom(email, ['10.0.0.1', '10.0.0.1', '10.0.0.1']);
    const locked = await postToken(email, TEST_PASSWORD, '10.0.0.1');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(locked.json<{ detail: string }>().detail).toBe('Muitas tentativas. Tente novamente em 15 minutos.');
  });

  it('does not lock the owner out from another address', async () => {
    const { email } = await createTestUser(t.app);
    await failFrom(email, ['10.0.5.1', '10.0.5.1', '10.0.5.1']);
    expect((await postToken(email, TEST_PASSWORD, '10.0.5.1')).statusCode).toBe(429);
    expect((await postToken(email, TEST_PASSWORD, '10.0.5.2')).statusCode).toBe(200);
  });

  it('locks every address past the far higher per-account ceiling, until a password reset', async () => {
    const account = await createTestUser(t.app);
    await failFrom(account.email, ['10.0.6.1', '10.0.6.1', '10.0.6.1', '10.0.6.2', '10.0.6.2', '10.0.6.3']);
    expect((await postToken(account.email, TEST_PASSWORD, '10.0.6.9')).statusCode).toBe(429);

    const asked = await forgotPassword(t.app, { email: account.email, cpf: account.user.cpf! });
    expect(asked.statusCode).toBe(202);
    const code = Mailbox.codeIn(await t.mailbox.next(account.email, /Redefinição de senha/));
    const newPassword = 'outra senha do consultório';
    expect((await resetPassword(t.app, { code, new_password: newPassword }, '10.0.6.1')).statusCode).toBe(200);
    expect((await postToken(account.email, newPassword, '10.0.6.9')).statusCode).toBe(200);
    // The address the reset was made from is free again too.
    expect((await postToken(account.email, newPassword, '10.0.6.1')).statusCode).toBe(200);
  });

  it('a successful login clears the account failure count', async () => {
    const { email } = await createTestUser(t.app);
    for (let round = 0; round < 2; round++) {
      await failFrom(email, ['10.0.1.1', '10.0.1.1']);
      expect((await postToken(email, TEST_PASSWORD, '10.0.1.1')).statusCode).toBe(200);
    }
  });

  it("counts a suspended account's wrong passwords as any other, and not its right one", async () => {
    const { email } = await createTestUser(t.app, { status: 'suspended' });
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await postToken(email, TEST_PASSWORD, '10.0.7.1')).statusCode).toBe(423);
    }
    await failFrom(email, ['10.0.7.1', '10.0.7.1', '10.0.7.1']);
    expect((await postToken(email, TEST_PASSWORD, '10.0.7.1')).statusCode).toBe(429);
  });

  it('limits attempts per IP across accounts', async () => {
    const ip = '10.0.2.1';
    for (let attempt = 0; attempt < 12; attempt++) {
      expect((await postToken(uniqueEmail(), 'qualquer senha', ip)).statusCode).toBe(401);
    }
    const limited = await postToken(uniqueEmail(), 'qualquer senha', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await postToken(uniqueEmail(), 'qualquer senha', '10.0.2.2')).statusCode).toBe(401);
  });
});

// The times themselves are compared in bench/log-in-timing.ts.
describe('login timing', () => {
  it('verifies one password hash for an unknown e-mail and a suspended account, as for a wrong password', async () => {
    const { email } = await createTestUser(t.app);
    const hashesVerifiedBy = async (username: string, ip: string) => {
      vi.mocked(verify).mockClear();
      expect((await postToken(username, WRONG, ip)).statusCode).toBe(401);
      return vi.mocked(verify).mock.calls.length;
    };
    expect(await hashesVerifiedBy(email, '10.0.3.1')).toBe(1);
    expect(await hashesVerifiedBy(uniqueEmail(), '10.0.4.1')).toBe(1);
    const suspended = await createTestUser(t.app, { status: 'suspended' });
    expect(await hashesVerifiedBy(suspended.email, '10.0.8.1')).toBe(1);
  });
});
