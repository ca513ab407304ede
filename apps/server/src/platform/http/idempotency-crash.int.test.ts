import type { TPatient, TTokenResponse } from '@escriba/contract';
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestUser, logIn, TEST_PASSWORD } from '../../../test/factories';
import { startServerProcess, type ServerProcess } from '../../../test/server-process';
import { useTestApp } from '../../../test/test-app';
import { idempotencyKeys, patients } from '../../db/schema';

const STALL_PRELOAD = pathToFileURL(path.resolve(import.meta.dirname, '../../../test/stall-after-commit.mjs')).href;

// The process is killed right after a create commits, before its request does anything else: a repeat with
// the same Idempotency-Key, once the first is taken for dead, gets the first answer and creates nothing.
// On PostgreSQL, the production path, where the stall can be put between COMMIT and what follows it.
describe.runIf(process.env.TEST_DATABASE_URL)('an Idempotency-Key across a crash', () => {
  const t = useTestApp();
  let server: ServerProcess | undefined;
  afterAll(() => server?.child.kill('SIGKILL'));

  it('keeps the answer with the create: the repeat after the crash answers the patient created, and only it', async () => {
    const source = t.database.source;
    if (!('url' in source)) throw new Error('expected a PostgreSQL database');
    server = await startServerProcess({
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: source.url,
      LOG_LEVEL: 'info',
      NODE_OPTIONS: `--import=${STALL_PRELOAD}`,
      STALL_AFTER_COMMIT_OF: '^insert into "patients"',
    });
    const { user, email } = await createTestUser(t.app);
    const session = (await (
      await fetch(`${server.base}/api/v1/token`, {
        method: 'POST',
        body: new URLSearchParams({ username: email, password: TEST_PASSWORD }),
      })
    ).json()) as TTokenResponse;
    const key = randomUUID();
    const body = { name: `Helena ${key.slice(0, 8)}` };
    // Never answered: the process stalls after its commit and is killed.
    void fetch(`${server.base}/api/v1/user/patients/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${session.access_token}`,
        'content-type': 'application/json',
        'idempotency-key': key,
      },
      body: JSON.stringify(body),
    }).catch(() => {});
    await server.waitForLine(/stalled after commit/);
    server.child.kill('SIGKILL');
    await server.exited;

    // Ten minutes later a claim still pending is taken for its dead instance's, and a repeat would run again.
    const isThisKey = and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key));
    await t.app.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`${idempotencyKeys.createdAt} - interval '11 minutes'` })
      .where(isThisKey);
    const stored = await t.app.db.select().from(patients).where(eq(patients.name, body.name));
    expect(stored).toHaveLength(1);

    const repeat = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/patients/',
      headers: {
        authorization: `Bearer ${(await logIn(t.app, email, TEST_PASSWORD)).access_token}`,
        'idempotency-key': key,
      },
      payload: body,
    });
    expect(repeat.statusCode, repeat.body).toBe(201);
    expect(repeat.json<TPatient>().id).toBe(stored[0]!.id);
    expect(await t.app.db.select().from(patients).where(eq(patients.name, body.name))).toHaveLength(1);
  });
});
