import type { TConsultation, TPartialTranscript, TTokenResponse } from '@escriba/contract';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speechWav } from '../../../test/speech';
import { openTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/client';
import { waitUntil } from '../../../test/wait-until';
import { WhisperFixture } from '../../../test/whisper-fixture';

// The real process killed with SIGKILL mid-recording, on the database it runs with (PGlite under
// DATA_DIR, or PostgreSQL with TEST_DATABASE_URL): every accepted chunk ends in the transcript once.
const ADMIN = { email: 'admin@clinica.test', password: 'senha do administrador' };
let dataDir: string;
let fixture: WhisperFixture;
let database: DatabaseHandle | undefined;
let speech: Buffer;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'escriba-crash-'));
  fixture = await WhisperFixture.start();
  speech = await speechWav('Tomo losartana de manhã e à noite.');
  if (process.env.TEST_DATABASE_URL) database = await openTestDatabase();
});
afterAll(async () => {
  await fixture.close();
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Server {
  child: ChildProcess;
  base: string;
}

// The process as `npm start` runs it, on a port of its choosing (PORT=0), read back from its log.
// Starting PGlite takes up to a minute on a loaded two-core machine.
async function startServer(): Promise<Server> {
  const source = database?.source;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../../main.ts')], {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      ...(source && 'url' in source ? { DATABASE_URL: source.url } : {}),
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WHISPER_URL: fixture.baseUrl,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  const listening = new Promise<string>((resolve) => {
    child.stdout.on('data', (data: Buffer) => {
      log += data.toString();
      const address = /Server listening at (http:\/\/[\d.:]+)/.exec(log)?.[1];
      if (address) resolve(address);
    });
  });
  const timeout = new Promise<never>((_resolve, reject) =>
    setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 120_000).unref(),
  );
  return { child, base: await Promise.race([listening, timeout]) };
}

class Client {
  constructor(
    public base: string,
    private readonly token: string,
  ) {}

  request(method: string, url: string, body?: FormData): Promise<Response> {
    return fetch(`${this.base}/api/v1${url}`, { method, body, headers: { authorization: `Bearer ${this.token}` } });
  }

  async chunk(consultationId: string, seq: number): Promise<number> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(speech)], { type: 'audio/wav' }), `${seq}.wav`);
    return (await this.request('POST', `/user/consultations/${consultationId}/evidences/transcript?seq=${seq}`, form))
      .status;
  }

  async partial(consultationId: string): Promise<TPartialTranscript> {
    const response = await this.request('GET', `/user/consultations/${consultationId}/partial-transcript`);
    return (await response.json()) as TPartialTranscript;
  }
}

describe('transcription across a crash', () => {
  it('transcribes every accepted chunk once after SIGKILL and restart', async () => {
    fixture.behave = () => ({ delayMs: 600 });
    const first = await startServer();
    const login = await fetch(`${first.base}/api/v1/token`, {
      method: 'POST',
      body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }),
    });
    const session = (await login.json()) as TTokenResponse;
    let client = new Client(first.base, session.access_token);
    const consultation = (await (
      await fetch(`${first.base}/api/v1/user/consultations/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ patient: { name: 'Paciente da Queda' } }),
      })
    ).json()) as TConsultation;
    expect((await client.request('PUT', `/user/consultations/${consultation.id}/recording-consent`)).status).toBe(200);
    for (let seq = 0; seq < 6; seq += 1) expect(await client.chunk(consultation.id, seq)).toBe(202);
    // Killed while chunks are with the provider or still queued.
    const atKill = await waitUntil(
      async () => {
        const transcript = await client.partial(consultation.id);
        return transcript.segments.length > 0 && transcript;
      },
      'a first chunk transcribed',
      30_000,
    );
    expect(atKill.pending).toBeGreaterThan(0);
    const firstExit = once(first.child, 'exit');
    first.child.kill('SIGKILL');
    await firstExit;

    // The default TRANSCRIPTION_TIMEOUT_SECONDS would let a dead run expire after 250 s: the restarted instance
    // takes the killed one's jobs over at once instead.
    const second = await startServer();
    try {
      client = new Client(second.base, session.access_token);
      expect(await client.chunk(consultation.id, 3)).toBe(202);
      for (const seq of [6, 7]) expect(await client.chunk(consultation.id, seq)).toBe(202);
      expect(
        (await client.request('DELETE', `/user/consultations/${consultation.id}/evidences/transcript`)).status,
      ).toBe(200);
      const stored = await waitUntil(
        async () => {
          const response = await client.request('GET', `/user/consultations/${consultation.id}/evidences/transcript`);
          return response.status === 200 && ((await response.json()) as { text: string });
        },
        'the stored transcript, within 30 s of the restart',
        30_000,
      );
      expect(stored.text.split('\n')).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((seq) => `trecho ${seq}`));
      const transcript = await client.partial(consultation.id);
      expect(transcript.segments.map((segment) => segment.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect([...fixture.callsBySeq().keys()].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    } finally {
      const secondExit = once(second.child, 'exit');
      second.child.kill('SIGTERM');
      await secondExit;
    }
  }, 400_000);
});
