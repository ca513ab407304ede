import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser, createTestUser } from '../../../test/factories';
import { TcpProxy } from '../../../test/tcp-proxy';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { waitUntil } from '../../../test/wait-until';
import { openDatabase, type DatabaseHandle } from '../../db/client';

// The instance under test reaches this file's database through a proxy that the test cuts and
// restores: the shared PostgreSQL server keeps running for everyone else.
const isEnabled = Boolean(process.env.TEST_DATABASE_URL);
let direct: TestApp;
let proxy: TcpProxy;
let proxied: DatabaseHandle;
let t: TestApp;
const log: string[] = [];

beforeAll(async () => {
  if (!isEnabled) return;
  direct = await createTestApp();
  const url = new URL((direct.database.source as { url: string }).url);
  proxy = await TcpProxy.start({ host: url.hostname, port: Number(url.port || 5432) });
  url.host = `127.0.0.1:${proxy.port}`;
  // Connections cut under the pool are what this test is about; the app answers for them.
  proxied = await openDatabase({ url: url.toString(), onConnectionError: () => undefined });
  t = await createTestApp(
    (config) => ({ ...config, logLevel: 'info' }),
    { ...direct, database: proxied },
    { logStream: { write: (line: string) => void log.push(line) } },
  );
});
afterAll(async () => {
  if (!isEnabled) return;
  await t.close();
  await proxied.close();
  await proxy.cut();
  await direct.close();
});

function attemptLogIn(email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/token',
    payload: new URLSearchParams({ username: email, password: 'senha errada aqui' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

describe.runIf(isEnabled)('while the database is unreachable', () => {
  it('answers 503 with Retry-After, logs the outage once, and serves again when it returns', async () => {
    const { email } = await createTestUser(direct.app);
    const { headers } = await createLoggedInUser(direct.app);
    expect((await attemptLogIn(email)).statusCode).toBe(401);

    await proxy.cut();
    const answers = [
      await attemptLogIn(email),
      await attemptLogIn(email),
      await t.app.inject({ method: 'GET', url: '/api/v1/user/me/', headers }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('10');
      expect(answer.json()).toEqual({ detail: 'Serviço temporariamente indisponível. Tente novamente em instantes.' });
    }
    expect(log.filter((line) => line.includes('database unreachable'))).toHaveLength(1);
    expect(log.filter((line) => line.includes('request failed'))).toEqual([]);

    await proxy.restore();
    expect((await attemptLogIn(email)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/me/', headers })).statusCode).toBe(200);
    await waitUntil(() => log.some((line) => line.includes('database reachable again')), 'the return logged');
  });
});
