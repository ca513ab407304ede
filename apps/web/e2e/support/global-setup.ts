import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_CACHE_VARIABLE } from '../../../server/test/file-cache';
import { removeDataDir, startAppServer } from './app-server';
import { startCepFixture } from './cep-fixture';
import { writeSpeechFile } from './fake-microphone';
import { answerFromPrompt } from './llm-answers';
import { APP_PORT, CEP_PORT } from './ports';
import { transcriptAnswer } from './transcript-lines';

const ROOT = join(import.meta.dirname, '../../../..');

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
  // Where the tests release the answers they hold (support/held-answers.ts), and the fixtures a test's own server
  // reaches (support/app-server.ts).
  process.env.E2E_LLM_ORIGIN = llm.origin;
  process.env.E2E_LLM_URL = llm.baseUrl;
  process.env.E2E_WHISPER_URL = whisper.baseUrl;
  const server = startAppServer({ port: APP_PORT, dataDir });
  const tearDown = async () => {
    await server.stop();
    await new Promise((resolve) => cep.close(resolve));
    await whisper.close();
    await llm.close();
    await removeSpeech();
    removeDataDir(dataDir);
    rmSync(filesDir, { recursive: true, force: true });
    rmSync(anchorsDir, { recursive: true, force: true });
  };
  // A server too slow to start is stopped too: left running, it would hold the port for the next run.
  await server.waitUntilUp().catch(async (error: unknown) => {
    await tearDown();
    throw error;
  });
  return tearDown;
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
