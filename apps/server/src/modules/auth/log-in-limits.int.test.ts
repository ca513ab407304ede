import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { createTestUser, TEST_PASSWORD, uniqueEmail } from '../../../test/factories';

const t = useTestApp((config) => ({
  ...config,
  rateLimits: {
    ...config.rateLimits,
    loginPerIp: { points: 12, durationSeconds: 60 },
    loginFailuresPerAccount: { points: 3, durationSeconds: 60 },
  },
}));

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
  it('locks an account after repeated failures, even for the right password, from any IP', async () => {
    const { email } = await createTestUser(t.app);
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await postToken(email, 'senha errada aqui', `10.0.0.${attempt}`)).statusCode).toBe(401);
    }
    const locked = await postToken(email, TEST_PASSWORD, '10.0.0.9');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json<{ detail: string }>().detail).toMatch(/Muitas tentativas/);
  });

  it('a successful login clears the account failure count', async () => {
    const { email } = await createTestUser(t.app);
    for (let round = 0; round < 2; round++) {
      await postToken(email, 'senha errada aqui', '10.0.1.1');
      await postToken(email, 'senha errada aqui', '10.0.1.1');
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
    for (let round = 0; round < 2; round++) {
      known.push(await timed(email, `10.0.3.${round}`));
      unknown.push(await timed(uniqueEmail(), `10.0.4.${round}`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // Both verify one argon2 hash (~tens of ms); skipping it for unknown accounts would make this ratio ~20.
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });
});
