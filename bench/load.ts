// How many professionals one server holds (issue 21 §5). N professionals at once, each with a live socket,
// recording a consultation (a chunk of real speech every 5 s, to a loopback Whisper fixture answering after
// BENCH_PROVIDER_MS) and reading the consultation list and the partial transcript now and then. The server
// runs as its own process on PostgreSQL + Redis, so its CPU and memory are measured apart from this one's.
// N ramps through BENCH_STEPS; each step prints chunk POST p50/p99, chunk → `transcript` lag p50/p99 (from
// the 202 to the message, minus the provider's own time), list and partial-transcript p99, errors, the
// server's CPU (and its seconds per recorded minute) and RSS, and RSS per connected professional. The run ends
// with the largest N whose API p99 stays under 200 ms and lag p99 under 2 s; it stops at the first step that
// misses (BENCH_KEEP_GOING=1 not).
//   node --import tsx bench/load.ts
// BENCH_STEPS (50,100,200,300,400,500), BENCH_STEP_SECONDS (30), BENCH_PROVIDER_MS (300),
// BENCH_SERVER_MAIN (the server's entry: src/main.ts here, a build, another checkout), BENCH_SERVER_ENV
// ("TRANSCRIPTION_CONCURRENCY=16 …", passed to the server), BENCH_SPEECH_DETECTED=1 (chunks marked
// speech=detected, as the recorder's voice activity detector sends them: the server runs no Silero), BENCH_CHECK=1 (exit 1 on any error, a chunk
// never announced or a lag p99 over BENCH_CHECK_LAG_MS, 5000: the short form CI runs, where a busy machine
// may miss the API aim). TEST_DATABASE_URL and TEST_REDIS_URL name the servers.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startServerProcess } from '../apps/server/test/server-process';
import { speechWav } from '../apps/server/test/speech';
import { openTestDatabase } from '../apps/server/test/test-database';
import { multipartChunk } from '../apps/server/test/transcription-requests';
import { WhisperFixture } from '../apps/server/test/whisper-fixture';
import { openSessions } from './bench-sessions';
import { Professional, type Observer, type Rhythm } from './load-professional';
import { percentile } from './percentile';
import { cpuPercent, processUsage, type ProcessUsage } from './process-usage';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.TEST_REDIS_URL ??= 'redis://127.0.0.1:6379';

const STEPS = (process.env.BENCH_STEPS ?? '50,100,200,300,400,500').split(',').map(Number);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 30);
const PROVIDER_MS = Number(process.env.BENCH_PROVIDER_MS ?? 300);
const IS_CHECK = process.env.BENCH_CHECK === '1';
const CHECK_LAG_MS = Number(process.env.BENCH_CHECK_LAG_MS ?? 5_000);
const IS_KEEP_GOING = process.env.BENCH_KEEP_GOING === '1';
const CHUNK_QUERY = process.env.BENCH_SPEECH_DETECTED === '1' ? '&speech=detected' : '';
const SERVER_ENV = Object.fromEntries(
  (process.env.BENCH_SERVER_ENV ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => pair.split('=', 2) as [string, string]),
);
const RHYTHM: Rhythm = { chunkSeconds: 5, listEverySeconds: 30, partialEverySeconds: 10 };
const AIM = { apiP99Ms: 200, lagP99Ms: 2_000 };
// After a step's window, chunks it sent have this long to be announced before they count as backlog.
const LAG_GRACE_MS = 10_000;
const OPEN_BATCH = 25;
const MB = 1024 * 1024;

/** What one step saw: requests and chunks started inside its window. */
class StepRecord implements Observer {
  readonly times = { chunk: [] as number[], list: [] as number[], partial: [] as number[] };
  readonly lags: number[] = [];
  readonly errors = new Map<string, number>();
  private readonly waiting = new Map<string, number>();
  isOpen = true;

  request(kind: 'chunk' | 'list' | 'partial', ms: number): void {
    if (this.isOpen) this.times[kind].push(ms);
  }

  accepted(key: string, at: number): void {
    if (this.isOpen) this.waiting.set(key, at);
  }

  transcribed(key: string, at: number): void {
    const accepted = this.waiting.get(key);
    if (accepted === undefined) return;
    this.waiting.delete(key);
    this.lags.push(at - accepted - PROVIDER_MS);
  }

  error(what: string): void {
    this.errors.set(what, (this.errors.get(what) ?? 0) + 1);
  }

  /** Chunks of this step not yet announced. */
  get backlog(): number {
    return this.waiting.size;
  }

  get errorCount(): number {
    return [...this.errors.values()].reduce((sum, count) => sum + count, 0);
  }
}

/** Hands every report to the step being measured (and errors between steps to the next one). */
class Router implements Observer {
  current = new StepRecord();
  private readonly settling = new Set<StepRecord>();

  /** Ends the step being measured: its chunks are still waited for (until `settled`). */
  next(): StepRecord {
    const done = this.current;
    done.isOpen = false;
    this.settling.add(done);
    this.current = new StepRecord();
    return done;
  }

  /** Forgets what happened since the last step (a ramp) but its errors, which the next step reports. */
  discard(): void {
    const { errors } = this.current;
    this.current = new StepRecord();
    for (const [what, count] of errors) this.current.errors.set(what, count);
  }

  settled(step: StepRecord): void {
    this.settling.delete(step);
  }

  request(kind: 'chunk' | 'list' | 'partial', ms: number): void {
    this.current.request(kind, ms);
  }

  accepted(key: string, at: number): void {
    this.current.accepted(key, at);
  }

  transcribed(key: string, at: number): void {
    for (const step of this.settling) step.transcribed(key, at);
    this.current.transcribed(key, at);
  }

  error(what: string): void {
    this.current.error(what);
  }
}

const fixture = await WhisperFixture.start();
fixture.behave = () => ({ delayMs: PROVIDER_MS });
// The fixture keeps every request (with its audio) for tests: here only the latest matter.
const forgetRequests = setInterval(() => (fixture.requests.length = 0), 1_000);
const database = await openTestDatabase();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'escriba-bench-load-'));
const url = 'url' in database.source ? database.source.url : '';
const server = await startServerProcess(
  {
    DATABASE_URL: url,
    REDIS_URL: process.env.TEST_REDIS_URL,
    DATA_DIR: dataDir,
    WHISPER_URL: fixture.baseUrl,
    LOG_LEVEL: 'info', // startServerProcess waits for "Server listening"; production logs each request too
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...SERVER_ENV,
  },
  process.env.BENCH_SERVER_MAIN && path.resolve(process.env.BENCH_SERVER_MAIN),
);
const pid = server.child.pid!;
const professionals: Professional[] = [];
let exitCode = 0;
try {
  const audio = await speechWav(
    'O paciente relata dor torácica aos esforços há duas semanas, com piora ao subir escadas.',
  );
  const chunk = multipartChunk(audio);
  const [warmUpSession, ...sessions] = await openSessions(database, 1 + Math.max(...STEPS), 'bench/load.ts');
  const router = new Router();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  console.log(
    `load: ${audio.length} B WAV chunk of espeak-ng speech every ${RHYTHM.chunkSeconds} s, provider ${PROVIDER_MS} ms, ` +
      `list every ${RHYTHM.listEverySeconds} s, partial transcript every ${RHYTHM.partialEverySeconds} s; ` +
      `${STEP_SECONDS} s per step${CHUNK_QUERY ? ', chunks marked speech=detected' : ''}; server ${process.env.BENCH_SERVER_MAIN ?? 'apps/server/src/main.ts'} ` +
      `${JSON.stringify(SERVER_ENV)}; load average ${os
        .loadavg()
        .map((each) => each.toFixed(1))
        .join(' ')}`,
  );
  console.log(
    'N'.padStart(4) +
      ['POST p50', 'POST p99', 'lag p50', 'lag p99', 'list p99', 'part p99', 'errors', 'backlog'].map(cell).join('') +
      ['CPU %', 'CPU s/min', 'RSS MB', 'MB/prof', 'bench CPU', 'bench loop'].map(cell).join(''),
  );
  // One professional records a while first, so that what loads on first use (the VAD model) is in the baseline.
  const warmUp = new Professional({ ...warmUpSession!, base: server.base }, chunk, router, CHUNK_QUERY);
  await warmUp.open();
  warmUp.start(RHYTHM, 0);
  await sleep(1.5 * RHYTHM.chunkSeconds * 1000);
  warmUp.stop();
  const baseline = await processUsage(pid);
  let largestMet = 0;
  for (const n of STEPS) {
    while (professionals.length < n) {
      const batch = sessions.slice(professionals.length, Math.min(n, professionals.length + OPEN_BATCH));
      const opened = batch.map(
        (session) => new Professional({ ...session, base: server.base }, chunk, router, CHUNK_QUERY),
      );
      await Promise.all(opened.map((professional) => professional.open()));
      for (const professional of opened) professional.start(RHYTHM, Math.random() * RHYTHM.chunkSeconds * 1000);
      professionals.push(...opened);
    }
    await sleep(RHYTHM.chunkSeconds * 1000); // every newcomer is recording
    router.discard(); // the ramp is not measured
    loop.reset();
    const [serverBefore, benchBefore] = [await processUsage(pid), await processUsage(process.pid)];
    await sleep(STEP_SECONDS * 1000);
    const [serverAfter, benchAfter] = [await processUsage(pid), await processUsage(process.pid)];
    const benchLoopP99 = loop.percentile(99) / 1e6;
    const step = router.next();
    const deadline = performance.now() + LAG_GRACE_MS;
    while (step.backlog > 0 && performance.now() < deadline) await sleep(100);
    router.settled(step);
    const result = summarise(step, n, { baseline, serverBefore, serverAfter, benchBefore, benchAfter, benchLoopP99 });
    console.log(result.row);
    for (const [what, count] of step.errors) console.log(`      ${count} × ${what}`);
    if (result.isMet) largestMet = n;
    if (IS_CHECK && (step.errorCount > 0 || step.backlog > 0 || !(result.lagP99 < CHECK_LAG_MS))) exitCode = 1;
    if (!result.isMet && !IS_KEEP_GOING) break;
  }
  console.log(
    `largest N with API p99 < ${AIM.apiP99Ms} ms and lag p99 < ${AIM.lagP99Ms / 1000} s: ${largestMet || 'none'}` +
      ` (aim 500); load average ${os
        .loadavg()
        .map((each) => each.toFixed(1))
        .join(' ')}`,
  );
} catch (error) {
  console.error(error);
  console.error(server.stdout.slice(-20).join('\n'), server.stderr());
  exitCode = 1;
} finally {
  for (const professional of professionals) professional.stop();
  clearInterval(forgetRequests);
  server.child.kill('SIGTERM');
  await server.exited;
  await database.close();
  await fixture.close();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

interface Usage {
  baseline: ProcessUsage;
  serverBefore: ProcessUsage;
  serverAfter: ProcessUsage;
  benchBefore: ProcessUsage;
  benchAfter: ProcessUsage;
  benchLoopP99: number;
}

function summarise(step: StepRecord, n: number, usage: Usage) {
  const { chunk, list, partial } = step.times;
  // Chunks never announced count with the time they have waited so far: at least that.
  const lags = [...step.lags, ...Array.from({ length: step.backlog }, () => Number.POSITIVE_INFINITY)];
  const apiP99 = Math.max(percentile(chunk, 0.99), percentile(list, 0.99), percentile(partial, 0.99));
  const lagP99 = percentile(lags, 0.99);
  const rss = usage.serverAfter.rssBytes;
  const values = [
    percentile(chunk, 0.5),
    percentile(chunk, 0.99),
    percentile(lags, 0.5),
    lagP99,
    percentile(list, 0.99),
    percentile(partial, 0.99),
  ].map((ms) => (Number.isFinite(ms) ? `${ms.toFixed(0)} ms` : '> 10 s'));
  const row =
    String(n).padStart(4) +
    [...values, String(step.errorCount), String(step.backlog)].map(cell).join('') +
    [
      cpuPercent(usage.serverBefore, usage.serverAfter).toFixed(0),
      // Each professional records a minute a minute: the server's CPU seconds per recorded minute.
      ((cpuPercent(usage.serverBefore, usage.serverAfter) / 100) * (60 / n)).toFixed(2),
      (rss / MB).toFixed(0),
      ((rss - usage.baseline.rssBytes) / MB / n).toFixed(3),
      cpuPercent(usage.benchBefore, usage.benchAfter).toFixed(0),
      `${usage.benchLoopP99.toFixed(0)} ms`,
    ]
      .map(cell)
      .join('');
  return { row, lagP99, isMet: apiP99 < AIM.apiP99Ms && lagP99 < AIM.lagP99Ms && step.errorCount === 0 };
}

function cell(text: string): string {
  return text.padStart(11);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
