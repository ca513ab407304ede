import type {
  TAnamnesis,
  TAnamnesisTemplate,
  TConsultation,
  TEvidence,
  TEvidenceDetail,
  TPartialTranscript,
  TTokenResponse,
} from '@escriba/contract';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyEmbeddedSnapshot } from '../test/embedded-snapshot';
import { scannedPdf } from '../test/evidence-files';
import { serverEntryArguments } from '../test/server-build';
import { fillRequestedSchema, LlmFixture } from '../test/llm-fixture';
import { speechWav } from '../test/speech';
import { openTestDatabase } from '../test/test-database';
import { waitUntil } from '../test/wait-until';
import { seqOf, WhisperFixture } from '../test/whisper-fixture';
import type { DatabaseHandle } from './db/client';
import { removeDataDir } from '../test/data-dir';

// The real process killed with SIGKILL while a recording's chunks, a scanned PDF's reading and a generation
// are in flight, on the database it runs with (PGlite under DATA_DIR, or PostgreSQL with TEST_DATABASE_URL):
// after a restart each finishes within 30 s, and none is done twice.
const ADMIN = { email: 'admin@clinica.test', password: 'senha do administrador' };
const RESTART_DEADLINE_MS = 30_000;
let dataDir: string;
let whisper: WhisperFixture;
let llm: LlmFixture;
let database: DatabaseHandle | undefined;
let speech: Buffer;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'escriba-crash-'));
  whisper = await WhisperFixture.start();
  llm = await LlmFixture.start();
  speech = await speechWav('Tomo losartana de manhã e à noite.');
  // Already migrated: migrating from zero is the global setup's work.
  if (process.env.TEST_DATABASE_URL) database = await openTestDatabase();
  else await copyEmbeddedSnapshot(dataDir);
});
afterAll(async () => {
  await whisper.close();
  await llm.close();
  await database?.close();
  await removeDataDir(dataDir);
});

interface Server {
  child: ChildProcess;
  base: string;
}

// The process as `npm start` runs the build, on a port of its choosing (PORT=0), read back from its log.
// Starting PGlite takes up to a minute on a loaded two-core machine.
async function startServer(): Promise<Server> {
  const source = database?.source;
  const child = spawn(process.execPath, serverEntryArguments('main'), {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      ...(source && 'url' in source ? { DATABASE_URL: source.url } : {}),
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WHISPER_URL: whisper.baseUrl,
      LLM_URL: llm.baseUrl,
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

async function kill(server: Server, signal: NodeJS.Signals): Promise<void> {
  const exited = once(server.child, 'exit');
  server.child.kill(signal);
  await exited;
}

class Client {
  constructor(
    public base: string,
    private readonly token: string,
  ) {}

  request(method: string, url: string, body?: FormData | object): Promise<Response> {
    const isJson = body !== undefined && !(body instanceof FormData);
    return fetch(`${this.base}/api/v1${url}`, {
      method,
      body: isJson ? JSON.stringify(body) : body,
      headers: { authorization: `Bearer ${this.token}`, ...(isJson && { 'content-type': 'application/json' }) },
    });
  }

  async json<T>(method: string, url: string, body?: FormData | object): Promise<T> {
    const response = await this.request(method, url, body);
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async chunk(consultationId: string, seq: number): Promise<number> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(speech)], { type: 'audio/wav' }), `${seq}.wav`);
    return (await this.request('POST', `/user/consultations/${consultationId}/evidences/transcript?seq=${seq}`, form))
      .status;
  }

  partial(consultationId: string): Promise<TPartialTranscript> {
    return this.json('GET', `/user/consultations/${consultationId}/partial-transcript`);
  }

  evidence(consultationId: string, evidenceId: string): Promise<TEvidenceDetail> {
    return this.json('GET', `/user/consultations/${consultationId}/evidences/${evidenceId}`);
  }

  anamnesis(consultationId: string): Promise<TAnamnesis> {
    return this.json('GET', `/user/consultations/${consultationId}/anamnesis`);
  }

  async credits(): Promise<number> {
    return (await this.json<{ credits: number }>('GET', '/user/me/')).credits;
  }
}

async function logIn(base: string): Promise<TTokenResponse> {
  const response = await fetch(`${base}/api/v1/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }),
  });
  return (await response.json()) as TTokenResponse;
}

describe('work across a crash', () => {
  it('finishes every accepted chunk, file reading and generation once after SIGKILL and restart', async () => {
    // Each chunk takes longer than the one before: when the first is transcribed, the others are not yet.
    whisper.behave = (request) => ({ delayMs: 600 * (1 + seqOf(request)) });
    // The chat model holds its first answers until the kill: the generation is in flight when it comes.
    let isModelHeld = true;
    llm.respond = (body) => ({ ...fillRequestedSchema(body), delayMs: isModelHeld ? 120_000 : 0 });
    const first = await startServer();
    const session = await logIn(first.base);
    let client = new Client(first.base, session.access_token);

    const visit = await client.json<TConsultation>('POST', '/user/consultations/', {
      patient: { name: 'Paciente do Exame' },
    });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await scannedPdf())], { type: 'application/pdf' }), 'exame.pdf');
    const scan = await client.json<TEvidence>('POST', `/user/consultations/${visit.id}/evidences/add-evidence`, form);
    await client.json('PUT', `/user/consultations/${visit.id}/user-context`, {
      user_context: 'Cefaleia há três dias, pior à tarde; usa losartana.',
    });
    const [template] = await client.json<TAnamnesisTemplate[]>('GET', '/user/templates/anamnesis/');
    const creditsBefore = await client.credits();
    const generation = await client.request('POST', `/user/consultations/${visit.id}/anamnesis/${template!.id}`);
    expect(generation.status).toBe(202);

    const recording = await client.json<TConsultation>('POST', '/user/consultations/', {
      patient: { name: 'Paciente da Queda' },
    });
    expect((await client.request('PUT', `/user/consultations/${recording.id}/recording-consent`)).status).toBe(200);
    for (let seq = 0; seq < 6; seq += 1) expect(await client.chunk(recording.id, seq)).toBe(202);

    // Killed while chunks are with the provider or still queued, the scan is being read and the model answers.
    const atKill = await waitUntil(
      async () => {
        const transcript = await client.partial(recording.id);
        return transcript.segments.length > 0 && transcript;
      },
      'a first chunk transcribed',
      30_000,
    );
    expect(atKill.pending).toBeGreaterThan(0);
    expect(['pending', 'reading']).toContain((await client.evidence(visit.id, scan.id)).status);
    // Not the role pass of the recording (its `falantes` schema): the note's generation.
    const isGeneration = ({ body }: (typeof llm.requests)[number]) =>
      (body.response_format?.json_schema?.name ?? body.tools?.[0]?.function?.name) !== 'falantes';
    await waitUntil(() => llm.requests.some(isGeneration), 'the generation asked the model', 30_000);
    await kill(first, 'SIGKILL');
    isModelHeld = false;

    // The default timeouts would let a dead run expire after minutes: the restarted instance takes the killed
    // one's jobs over at once instead.
    const second = await startServer();
    try {
      client = new Client(second.base, session.access_token);
      expect(await client.chunk(recording.id, 3)).toBe(202);
      for (const seq of [6, 7]) expect(await client.chunk(recording.id, seq)).toBe(202);
      expect((await client.request('DELETE', `/user/consultations/${recording.id}/evidences/transcript`)).status).toBe(
        200,
      );
      const stored = await waitUntil(
        async () => {
          const response = await client.request('GET', `/user/consultations/${recording.id}/evidences/transcript`);
          return response.status === 200 && ((await response.json()) as { text: string });
        },
        'the stored transcript, within 30 s of the restart',
        RESTART_DEADLINE_MS,
      );
      const read = await waitUntil(
        async () => {
          const evidence = await client.evidence(visit.id, scan.id);
          return evidence.status !== 'reading' && evidence.status !== 'pending' && evidence;
        },
        'the scan read, within 30 s of the restart',
        RESTART_DEADLINE_MS,
      );
      const note = await waitUntil(
        async () => {
          const anamnesis = await client.anamnesis(visit.id);
          return anamnesis.latest?.status !== 'generating' && anamnesis;
        },
        'the generation ended, within 30 s of the restart',
        RESTART_DEADLINE_MS,
      );

      expect(stored.text.split('\n')).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((seq) => `trecho ${seq}`));
      const transcript = await client.partial(recording.id);
      expect(transcript.segments.map((segment) => segment.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect([...whisper.callsBySeq().keys()].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);

      expect(read.status).toBe('ready');
      expect(read.pages!.map((page) => page.page)).toEqual([1]);
      expect(read.text).toMatch(/HEMOGRAMA/i);

      expect(note.versions).toHaveLength(1);
      expect(note.latest!.status).toBe('ready');
      expect(note.latest!.fields.length).toBeGreaterThan(0);
      expect(await client.credits()).toBe(creditsBefore - 1);
    } finally {
      await kill(second, 'SIGTERM');
    }
  }, 400_000);
});
