import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { forgotPassword, resetPassword } from '../../../test/account-requests';
import { createTestUser, TEST_PASSWORD, uniqueEmail } from '../../../test/factories';
import { Mailbox } from '../../../test/mailbox';

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

describe('login timing', () => {
  it('takes as long for an unknown e-mail as for a wrong password', async () => {
    const { email } = await createTestUser(t.app);
    const timed = async (username: string, ip: string) => {
      const start = performance.now();
      await postToken(username, 'senha errada aqui', ip);
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Enough rounds that one slow request on a busy machine does not decide the medians.
    for (let round = 0; round < 7; round++) {
      known.push(await timed(email, `10.0.3.${round}`));
      unknown.push(await timed(uniqueEmail(), `10.0.4.${round}`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // Both verify one argon2 hash (~tens of ms); skipping it for unknown accounts would make this ratio
    // ~0.05. A wrong password for a real account also counts the failure, so the ratio sits below 1.
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.25);
    expect(ratio).toBeLessThan(2.5);
  });
});
