import { SESSION_ENDED_CLOSE_CODE, type TConsultationList, type TTokenResponse } from '@escriba/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser, createTestUser, logIn, TEST_PASSWORD } from '../../../test/factories';
import { LiveClient } from '../../../test/live-client';
import { TestRedisServer } from '../../../test/redis-server';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { waitUntil } from '../../../test/wait-until';
import { TRY_AGAIN_LATER_CLOSE_CODE } from '../../modules/live/live-hub';

// Two instances on one database and on a redis-server of this file's own, which the tests stop
// (a crash: SIGKILL) and start again.
let redis: TestRedisServer;
let a: TestApp;
let b: TestApp;
let liveA: string;
let liveB: string;
const logOfA: string[] = [];
const unhandled: unknown[] = [];
const recordUnhandled = (reason: unknown) => unhandled.push(reason);

// Log-in verifies one argon2 hash (tens of ms): far below this, far above the 3-10 s a Redis wait took.
const NORMAL_ANSWER_MS = 1_500;
// How soon after Redis returns the instances must have caught up (clients retry every ≤2 s).
const CATCH_UP_MS = 5_000;

const isEnabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

beforeAll(async () => {
  if (!isEnabled) return;
  redis = await TestRedisServer.create();
  const onOwnRedis = (config: TestApp['config']) => ({
    ...config,
    redisUrl: redis.url,
    logLevel: 'info' as const,
    rateLimits: { ...config.rateLimits, loginFailuresPerAccountAddress: { points: 3, durationSeconds: 900 } },
  });
  a = await createTestApp(onOwnRedis, undefined, {
    logStream: { write: (line: string) => void logOfA.push(line) },
  });
  b = await createTestApp(onOwnRedis, a, { logStream: { write: () => undefined } });
  liveA = (await a.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
  liveB = (await b.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
  process.on('unhandledRejection', recordUnhandled);
});
afterAll(async () => {
  if (!isEnabled) return;
  process.off('unhandledRejection', recordUnhandled);
  await b.close();
  await a.close();
  await redis.stop();
});
afterEach(() => {
  if (isEnabled) expect(unhandled).toEqual([]);
});

/** Kills Redis and resolves once both instances have noticed. */
async function stopRedis(): Promise<void> {
  await redis.stop();
  await waitUntil(() => a.app.redis!.status !== 'ready' && b.app.redis!.status !== 'ready', 'instances see Redis down');
}

async function startRedis(): Promise<void> {
  await redis.start();
  // ioredis waits up to 2 s between attempts.
  await waitUntil(
    () => a.app.redis!.status === 'ready' && b.app.redis!.status === 'ready',
    'instances reconnected',
    10_000,
  );
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  return { result: await work(), ms: performance.now() - start };
}

function me(app: TestApp['app'], session: TTokenResponse) {
  return app.inject({ method: 'GET', url: '/api/v1/user/me/', headers: bearer(session) });
}

function logOut(app: TestApp['app'], session: TTokenResponse) {
  return app.inject({ method: 'POST', url: '/api/v1/token/logout', headers: bearer(session) });
}

const bearer = (session: TTokenResponse) => ({ authorization: `Bearer ${session.access_token}` });

describe.runIf(isEnabled)('while Redis is down', () => {
  it('closes a live socket it cannot subscribe, for the client to retry, and stays up', async () => {
    const { session } = await createLoggedInUser(a.app);
    let reconnectionFailures = 0;
    a.app.redis!.on('error', () => reconnectionFailures++);
    await stopRedis();

    const refused = new LiveClient(liveA, session);
    expect(await refused.next((message) => message.type === 'system')).toMatchObject({ status_code: 503 });
    expect(await refused.closed).toBe(TRY_AGAIN_LATER_CLOSE_CODE);
    expect((await me(a.app, session)).statusCode).toBe(200);

    // However many times the clients fail to reconnect, the outage is one line of the JSON log.
    await waitUntil(() => reconnectionFailures >= 3, 'three failed reconnections', 15_000);
    expect(logOfA.filter((line) => line.includes('redis unreachable'))).toHaveLength(1);

    await startRedis();
    const live = await LiveClient.connect(liveA, session);
    live.close();
    await waitUntil(() => logOfA.some((line) => line.includes('redis reachable again')), 'the return logged');
  });

  it('answers a live socket within seconds when Redis hangs without closing its connections', async () => {
    const { session } = await createLoggedInUser(a.app);
    redis.pause();
    try {
      const started = performance.now();
      const refused = new LiveClient(liveA, session);
      expect(await refused.next((message) => message.type === 'system', 6_000)).toMatchObject({ status_code: 503 });
      expect(await refused.closed).toBe(TRY_AGAIN_LATER_CLOSE_CODE);
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      redis.resume();
    }
    const live = await LiveClient.connect(liveA, session);
    live.close();
  });

  it('logs in and out at the normal speed, still limiting failed log-ins per instance', async () => {
    const { email } = await createTestUser(a.app);
    await stopRedis();
    try {
      const logInAnswer = await timed(() => logIn(a.app, email, TEST_PASSWORD));
      expect(logInAnswer.ms).toBeLessThan(NORMAL_ANSWER_MS);
      const session = logInAnswer.result;

      const logOutAnswer = await timed(() => logOut(a.app, session));
      expect(logOutAnswer.result.statusCode).toBe(204);
      expect(logOutAnswer.ms).toBeLessThan(NORMAL_ANSWER_MS);
      expect((await me(a.app, session)).statusCode).toBe(401);

      const attempt = (password: string) =>
        a.app.inject({
          method: 'POST',
          url: '/api/v1/token',
          payload: new URLSearchParams({ username: email, password }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          remoteAddress: '10.9.0.1',
        });
      for (let failure = 0; failure < 3; failure++) expect((await attempt('senha errada')).statusCode).toBe(401);
      expect((await attempt(TEST_PASSWORD)).statusCode).toBe(429);
    } finally {
      await startRedis();
    }
  });

  it('ends on the other instance a session logged out during the outage, soon after Redis returns', async () => {
    const { session } = await createLoggedInUser(a.app);
    expect((await me(b.app, session)).statusCode).toBe(200);
    const liveOnB = await LiveClient.connect(liveB, session);

    await stopRedis();
    expect((await logOut(a.app, session)).statusCode).toBe(204);
    await startRedis();

    await waitUntil(async () => (await me(b.app, session)).statusCode === 401, 'B refuses the token', CATCH_UP_MS);
    expect(await liveOnB.next((message) => message.status_code === 401, CATCH_UP_MS)).toMatchObject({
      type: 'system',
    });
    expect(await liveOnB.closed).toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it('shows on the other instance, soon after Redis returns, a list changed during the outage', async () => {
    const { headers } = await createLoggedInUser(a.app);
    const titles = async (app: TestApp['app']) => {
      const response = await app.inject({ method: 'GET', url: '/api/v1/user/consultations/', headers });
      return response.json<TConsultationList>().items.map((item) => item.title);
    };
    expect(await titles(b.app)).toEqual([]);

    await stopRedis();
    await createTestConsultation(a.app, headers, { title: 'Retorno' });
    await startRedis();

    await waitUntil(async () => (await titles(b.app)).includes('Retorno'), 'B lists the new consultation', CATCH_UP_MS);
  });
});
