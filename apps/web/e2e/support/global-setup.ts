import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_CACHE_VARIABLE } from '../../../server/test/file-cache';
import { startCepFixture } from './cep-fixture';
import { writeSpeechFile } from './fake-microphone';
import { answerFromPrompt } from './llm-answers';
import { ADMIN, APP_PORT, APP_URL, CEP_PORT, EMBED_HOST_PORT } from './ports';
import { transcriptAnswer } from './transcript-lines';

const ROOT = join(import.meta.dirname, '../../../..');
// Generous: on a loaded machine a cold start (migrations, CID-10 check, job schema) took 80 s; a quiet one takes seconds.
const START_DEADLINE_MS = 180_000;

/**
 * Builds the app unless the build is newer than its sources (CI has just built it), starts the CEP
 * fixture and the built server, as production runs it, on a fresh data folder; returns the teardown.
 */
export default async function globalSetup() {
  execFileSync('node', ['scripts/build.mjs', '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'escriba-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  // Speech, images and documents the specs generate, made once per run for every worker (server/test/file-cache.ts).
  const filesDir = mkdtempSync(join(tmpdir(), 'escriba-e2e-files-'));
  process.env[FILE_CACHE_VARIABLE] = filesDir;
  // The specs' own ACs stand for ICP-Brasil's: a trusted one puts its certificate here (server/test/certificates.ts).
  const anchorsDir = mkdtempSync(join(tmpdir(), 'escriba-e2e-anchors-'));
  process.env.ICP_BRASIL_EXTRA_ANCHORS_DIR = anchorsDir;

  const removeSpeech = await writeSpeechFile();
  const cep = await startCepFixture(CEP_PORT);
  const whisper = await startWhisperFixture();
  const llm = await startLlmFixture();
  // Where the tests release the answers they hold (support/held-answers.ts).
  process.env.E2E_LLM_ORIGIN = llm.origin;
  const server = spawn('node', ['apps/server/dist/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: APP_URL,
      CEP_LOOKUP_URL: `http://127.0.0.1:${CEP_PORT}`,
      EMBED_ORIGINS: `http://127.0.0.1:${EMBED_HOST_PORT}`,
      WHISPER_URL: whisper.baseUrl,
      LLM_URL: llm.baseUrl,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Every browser test signs up from 127.0.0.1; the per-IP limit is tested by the API tests.
      SIGN_UPS_PER_IP: '1000',
      LOGIN_ATTEMPTS_PER_IP: '1000',
      ACCOUNT_MAILS_PER_IP: '1000',
    },
  });
  const exited = new Promise<never>((_, reject) =>
    server.once('exit', (code) => reject(new Error(`The server exited with code ${code} while starting`))),
  );
  const tearDown = async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null)));
    await new Promise((resolve) => cep.close(resolve));
    await whisper.close();
    await llm.close();
    await removeSpeech();
    rmSync(dataDir, { recursive: true, force: true });
    // The key file the embedded database writes beside DATA_DIR at its first start (README, SECRETS_KEY).
    rmSync(`${dataDir}.secrets-key`, { force: true });
    rmSync(filesDir, { recursive: true, force: true });
    rmSync(anchorsDir, { recursive: true, force: true });
  };
  // A server too slow to start is stopped too: left running, it would hold the port for the next run.
  await Promise.race([waitForServer(), exited]).catch(async (error: unknown) => {
    await tearDown();
    throw error;
  });
  return tearDown;
}

async function waitForServer(): Promise<void> {
  const deadline = Date.now() + START_DEADLINE_MS;
  while (Date.now() < deadline) {
    const isUp = await fetch(`${APP_URL}/api/v1/common/client-config`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer at ${APP_URL} within ${START_DEADLINE_MS} ms`);
}

/** What the tests' transcription provider is sent: the chunk's audio, named by its seq. */
interface AsrRequest {
  fileName: string;
  file: Buffer;
}

interface Fixture {
  baseUrl: string;
  behave: (request: AsrRequest) => { text?: string; segments?: object[] };
  close(): Promise<void>;
}

/**
 * The recorder's test needs a transcription provider: the server tests' loopback faster-whisper
 * stand-in. Loaded by path because that file is typed for Node's fetch, which the web project's DOM
 * typings do not accept.
 */
async function startWhisperFixture(): Promise<Fixture> {
  const path = join(ROOT, 'apps/server/test/whisper-fixture.ts');
  const { WhisperFixture, seqOf, wavSeconds } = (await import(path)) as {
    WhisperFixture: { start(): Promise<Fixture> };
    seqOf: (request: AsrRequest) => number;
    wavSeconds: (file: Buffer) => number | undefined;
  };
  const fixture = await WhisperFixture.start();
  fixture.behave = (request) => transcriptAnswer(seqOf(request), wavSeconds(request.file));
  return fixture;
}

interface LlmFixture {
  origin: string;
  baseUrl: string;
  respond: (body: object) => object;
  close(): Promise<void>;
}

/**
 * The anamnesis needs a language model: the server tests' loopback chat-completions stand-in (loaded by
 * path, as above), answering from the prompt's own lines and labels, streamed without delays: the page paces the
 * fields it shows, and a test that watches an answer being written holds it midway (held-answers.ts).
 */
async function startLlmFixture(): Promise<LlmFixture> {
  const path = join(ROOT, 'apps/server/test/llm-fixture.ts');
  const { LlmFixture } = (await import(path)) as { LlmFixture: { start(): Promise<LlmFixture> } };
  const fixture = await LlmFixture.start();
  fixture.respond = answerFromPrompt;
  return fixture;
}
