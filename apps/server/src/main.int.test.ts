import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TTokenResponse } from '@escriba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { copyEmbeddedSnapshot } from '../test/embedded-snapshot';
import { uniqueCpf } from '../test/factories';
import { startServerProcess } from '../test/server-process';
import { openTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './db/client';
import { removeDataDir } from '../test/data-dir';
import { defaultKeyFile } from './platform/secrets/key-file';

// The real process, as `npm start` runs it: embedded database under DATA_DIR (PostgreSQL with TEST_DATABASE_URL),
// SIGTERM to stop. The database starts as this run's migrated copy: migrating from zero is the global setup's work.
let dataDir: string;
let database: DatabaseHandle | undefined;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'escriba-process-'));
  if (process.env.TEST_DATABASE_URL) database = await openTestDatabase();
  else await copyEmbeddedSnapshot(dataDir);
});
afterAll(async () => {
  await database?.close();
  await removeDataDir(dataDir);
});

const ADMIN = { email: 'admin@clinica.test', password: 'senha do administrador' };

function startServer() {
  const source = database?.source;
  return startServerProcess({
    DATA_DIR: dataDir,
    ...(source && 'url' in source && { DATABASE_URL: source.url }),
    LOG_LEVEL: 'info',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
}

async function logInAsAdmin(base: string): Promise<TTokenResponse> {
  const response = await fetch(`${base}/api/v1/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as TTokenResponse;
}

describe('the server process', () => {
  it('stops on SIGTERM closing live connections, and keeps every record across a restart', async () => {
    const first = await startServer();
    if (!database) {
      // The README's one-command start: the embedded database's key file, written beside DATA_DIR and logged.
      await first.waitForLine(
        new RegExp(`Wrote the key that seals A1 certificates and PSC tokens to ${defaultKeyFile(dataDir)}`),
      );
      expect(existsSync(defaultKeyFile(dataDir))).toBe(true);
    }
    const session = await logInAsAdmin(first.base);
    const professional = {
      name: 'Dr. Otávio Mendes',
      email: 'otavio@clinica.test',
      cpf: uniqueCpf(),
      phone: '21987654321',
      password: 'senha longa do otavio',
    };
    const signUp = await fetch(`${first.base}/api/v1/user/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(professional),
    });
    expect(signUp.status).toBe(202);

    const socket = new WebSocket(
      `${first.base.replace('http', 'ws')}/v1/ws/user/${session.user.id}/token/${session.stream_token}`,
    );
    await new Promise((resolve) => socket.once('message', resolve));
    const socketClosed = new Promise((resolve) => socket.once('close', resolve));
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    await socketClosed;

    const second = await startServer();
    try {
      // The sign-up survived: its password is known and waits for the e-mail (403), not unknown (401).
      const logIn = await fetch(`${second.base}/api/v1/token`, {
        method: 'POST',
        body: new URLSearchParams({ username: professional.email, password: professional.password }),
      });
      expect(logIn.status).toBe(403);
      const me = await fetch(`${second.base}/api/v1/user/me/`, {
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(me.status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
    // Two starts of the process (see startServerProcess).
  }, 150_000);
});
