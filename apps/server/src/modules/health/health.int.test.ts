import type { TReadiness } from '@escriba/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestRedisServer } from '../../../test/redis-server';
import { TcpProxy } from '../../../test/tcp-proxy';
import { createTestApp, useTestApp, type TestApp } from '../../../test/test-app';
import { waitUntil } from '../../../test/wait-until';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';

const t = useTestApp();

async function readiness(app: TestApp): Promise<{ statusCode: number; body: TReadiness; cacheControl: unknown }> {
  const answer = await app.app.inject({ method: 'GET', url: '/readyz' });
  return { statusCode: answer.statusCode, body: answer.json(), cacheControl: answer.headers['cache-control'] };
}

describe('GET /healthz', () => {
  it('answers while the process is up, without a token', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /readyz', () => {
  it('is ready with the database migrated and the storage writable; Redis and providers only reported', async () => {
    const { statusCode, body, cacheControl } = await readiness(t);
    expect(statusCode).toBe(200);
    expect(cacheControl).toBe('no-store');
    expect(body.status).toBe('ready');
    for (const name of ['database', 'migrations', 'storage'] as const) {
      expect(body.checks[name], name).toMatchObject({ required: true });
      // `degraded`: answered, but slower than 1.5 s (a busy test machine).
      expect(['ok', 'degraded'], name).toContain(body.checks[name].state);
    }
    expect(body.checks.redis).toMatchObject({
      state: process.env.TEST_REDIS_URL ? 'ok' : 'unconfigured',
      required: false,
    });
    for (const name of ['whisper', 'transcription', 'llm'] as const) {
      expect(body.checks[name], name).toMatchObject({ state: 'unconfigured', required: false });
    }
  });

  it('is not ready while a migration this code ships is missing from the database', async () => {
    const [removed] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await t.app.db.execute(
        sql`delete from drizzle.__drizzle_migrations
            where id = (select max(id) from drizzle.__drizzle_migrations) returning id, hash, created_at::text`,
      ),
    );
    try {
      const { statusCode, body } = await readiness(t);
      expect(statusCode).toBe(503);
      expect(body.status).toBe('not_ready');
      expect(body.checks.migrations).toMatchObject({
        state: 'down',
        required: true,
        detail: expect.any(String) as string,
      });
      expect(body.checks.database.state).not.toBe('down');
    } finally {
      await t.app.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
            values (${removed!.id}, ${removed!.hash}, ${removed!.created_at}::bigint)`,
      );
    }
    expect((await readiness(t)).statusCode).toBe(200);
  });

  it('is not ready while the storage refuses writes', async () => {
    const storage = t.app.storage;
    const put = storage.put.bind(storage);
    storage.put = () => Promise.reject(new Error('disco cheio'));
    try {
      const { statusCode, body } = await readiness(t);
      expect(statusCode).toBe(503);
      expect(body.checks.storage).toMatchObject({ state: 'down', required: true });
    } finally {
      storage.put = put;
    }
    expect((await readiness(t)).statusCode).toBe(200);
  });
});

// The instance reaches its database through a proxy the test cuts: the shared PostgreSQL keeps running.
describe.runIf(process.env.TEST_DATABASE_URL)('GET /readyz while PostgreSQL is unreachable', () => {
  let proxy: TcpProxy;
  let proxied: DatabaseHandle;
  let behindProxy: TestApp;
  beforeAll(async () => {
    const url = new URL((t.database.source as { url: string }).url);
    proxy = await TcpProxy.start({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    proxied = await openDatabase({ url: url.toString(), onConnectionError: () => undefined });
    behindProxy = await createTestApp(undefined, { ...t, database: proxied });
  });
  afterAll(async () => {
    await behindProxy.close();
    await proxied.close();
    await proxy.cut();
  });

  it('answers 503 at once naming the database, and 200 again once it is back', async () => {
    expect((await readiness(behindProxy)).statusCode).toBe(200);

    await proxy.cut();
    const started = performance.now();
    const { statusCode, body } = await readiness(behindProxy);
    expect(performance.now() - started).toBeLessThan(3_500);
    expect(statusCode).toBe(503);
    expect(body.status).toBe('not_ready');
    expect(body.checks.database).toMatchObject({ state: 'down', required: true, detail: expect.any(String) as string });
    expect(body.checks.migrations.state).toBe('down');
    expect(body.checks.storage.state).not.toBe('down');
    expect((await behindProxy.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await proxy.restore();
    const after = await readiness(behindProxy);
    expect(after.statusCode).toBe(200);
    expect(after.body.checks.database.state).not.toBe('down');
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('GET /readyz while Redis is down', () => {
  let redis: TestRedisServer;
  let withRedis: TestApp;
  beforeAll(async () => {
    redis = await TestRedisServer.create({ start: false });
    withRedis = await createTestApp((config) => ({ ...config, redisUrl: redis.url }));
  });
  afterAll(async () => {
    await withRedis.close();
    await redis.stop();
  });

  it('stays ready and reports Redis down, then up once it runs', async () => {
    const down = await readiness(withRedis);
    expect(down.statusCode).toBe(200);
    expect(down.body.status).toBe('ready');
    expect(down.body.checks.redis).toMatchObject({ state: 'down', required: false });

    await redis.start();
    // The client reconnects by itself, backing off up to 2 s between attempts.
    await waitUntil(
      async () => (await readiness(withRedis)).body.checks.redis.state === 'ok',
      'Redis reported up',
      15_000,
    );
  });
});
