import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SESSION_ENDED_CLOSE_CODE, type TTokenResponse } from '@escriba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveClient } from '../test/live-client';
import { TestRedisServer } from '../test/redis-server';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { TRY_AGAIN_LATER_CLOSE_CODE } from './modules/live/live-hub';
import { removeDataDir } from '../test/data-dir';

const ADMIN = { email: 'admin@clinica.test', password: 'senha do administrador' };
// The process under test competes for the CPU with the test runner, so its answers get more time
// than in redis-outage.int.test.ts; still under the up to 10 s that waiting for Redis took.
const NORMAL_ANSWER_MS = 5_000;
const LIVE_ANSWER_MS = 15_000;

let dataDir: string;
let redis: TestRedisServer;
let server: ServerProcess | undefined;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'escriba-redis-outage-'));
  redis = await TestRedisServer.create({ start: false });
});
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await redis.stop();
  await removeDataDir(dataDir);
});

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
}

describe.runIf(process.env.TEST_REDIS_URL)('the server process while Redis is down', () => {
  it('starts degraded, keeps log-in, log-out and itself up, says so once, and recovers', async () => {
    server = await startServerProcess({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      REDIS_URL: redis.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    await server.waitForLine(/redis unreachable: running degraded/);

    const logIn = await timed(() =>
      fetch(`${server!.base}/api/v1/token`, {
        method: 'POST',
        body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }),
      }),
    );
    expect(logIn.result.status).toBe(200);
    expect(logIn.ms).toBeLessThan(NORMAL_ANSWER_MS);
    const session = (await logIn.result.json()) as TTokenResponse;

    // The socket that used to take the process down: closed for the client to retry later.
    const liveBase = server.base.replace('http', 'ws');
    const refused = new LiveClient(liveBase, session);
    expect(await refused.next((message) => message.type === 'system', LIVE_ANSWER_MS)).toMatchObject({
      status_code: 503,
    });
    expect(await refused.closed).toBe(TRY_AGAIN_LATER_CLOSE_CODE);

    await redis.start();
    await server.waitForLine(/redis reachable again/);
    const live = await LiveClient.connect(liveBase, session, LIVE_ANSWER_MS);

    const logOut = await timed(() =>
      fetch(`${server!.base}/api/v1/token/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.access_token}` },
      }),
    );
    expect(logOut.result.status).toBe(204);
    expect(await live.closed).toBe(SESSION_ENDED_CLOSE_CODE);

    expect(server.child.exitCode).toBeNull();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // Every reconnection attempt went to the JSON log's one line, none to a plain-text stack.
    expect(server.stderr()).not.toMatch(/\[ioredis\]|^\s+at /m);
    expect(server.stdout.filter((line) => line.includes('redis unreachable'))).toHaveLength(1);
    for (const line of server.stdout.filter(Boolean)) expect(() => JSON.parse(line) as unknown).not.toThrow();
    // Starting the process alone may take a minute (see startServerProcess).
  }, 90_000);
});
