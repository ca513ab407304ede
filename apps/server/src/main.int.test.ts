import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TTokenResponse } from '@escriba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { uniqueCpf } from '../test/factories';

// The real process, as `npm start` runs it: embedded database under DATA_DIR, SIGTERM to stop.
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'escriba-process-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const ADMIN = { email: 'admin@clinica.test', password: 'senha do administrador' };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startServer(): Promise<{ child: ChildProcess; base: string; exited: Promise<number | null> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start within 30 s')), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Server listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { child, base: `http://127.0.0.1:${port}`, exited };
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
    const session = await logInAsAdmin(first.base);
    const professional = {
      name: 'Dr. Otávio Mendes',
      email: 'otavio@clinica.test',
      cpf: uniqueCpf(),
      phone: '21987654321',
      password: 'senha longa do otavio',
    };
    const signUp = (base: string) =>
      fetch(`${base}/api/v1/user/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(professional),
      });
    expect((await signUp(first.base)).status).toBe(201);

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
      const again = await signUp(second.base);
      expect(again.status).toBe(409);
      const me = await fetch(`${second.base}/api/v1/user/me/`, {
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(me.status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  });
});
