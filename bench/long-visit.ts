// What an hour's recording costs the server (issue 32 §1): one consultation of BENCH_CHUNKS (720) chunks of
// espeak-ng speech, each sent once the one before it is announced, to a server process on PostgreSQL + Redis
// with a loopback Whisper fixture answering after BENCH_PROVIDER_MS. For the first and the last 50 chunks side by
// side: the server's CPU per chunk (all threads, and its main thread's alone), database transactions per chunk (PostgreSQL's own count for the database, less
// what the idle server makes in as long) and chunk → `transcript` overhead p50/p99 (from the 202 to the message,
// less the provider's own time); then `GET …/partial-transcript` of the whole visit, p50/p99 (aim p99 ≤ 50 ms).
//   node --import tsx bench/long-visit.ts
// BENCH_CHUNKS (720), BENCH_PROVIDER_MS (100), BENCH_SERVER_MAIN (the server's entry: src/main.ts here, a build,
// another checkout), BENCH_WARM_CHUNKS (0: chunks of another consultation recorded first, so that the first window
// measures the visit's first chunks on a server whose code V8 has optimised, as after a while in production, and not
// the process's first chunks). TEST_DATABASE_URL and TEST_REDIS_URL name the servers.
import type { TLiveMessage } from '@escriba/contract';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { startServerProcess } from '../apps/server/test/server-process';
import { speechWav } from '../apps/server/test/speech';
import { openTestDatabase } from '../apps/server/test/test-database';
import { multipartChunk } from '../apps/server/test/transcription-requests';
import { WhisperFixture, seqOf } from '../apps/server/test/whisper-fixture';
import { openSessions } from './bench-sessions';
import { percentile } from './percentile';
import { processUsage, type ProcessUsage } from './process-usage';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.TEST_REDIS_URL ??= 'redis://127.0.0.1:6379';

const CHUNKS = Number(process.env.BENCH_CHUNKS ?? 720);
const WARM_CHUNKS = Number(process.env.BENCH_WARM_CHUNKS ?? 0);
const PROVIDER_MS = Number(process.env.BENCH_PROVIDER_MS ?? 100);
const WINDOW = 50;
const PARTIAL_READS = 100;
const IDLE_MS = 10_000;

interface Reading {
  usage: ProcessUsage;
  transactions: number;
}

const fixture = await WhisperFixture.start();
fixture.behave = () => ({ delayMs: PROVIDER_MS });
const database = await openTestDatabase();
const url = 'url' in database.source ? database.source.url : '';
const stats = new pg.Client({ connectionString: url });
await stats.connect();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'escriba-bench-long-visit-'));
const server = await startServerProcess(
  {
    DATABASE_URL: url,
    REDIS_URL: process.env.TEST_REDIS_URL,
    DATA_DIR: dataDir,
    WHISPER_URL: fixture.baseUrl,
    LOG_LEVEL: 'info', // startServerProcess waits for "Server listening"
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // Chunks go as fast as they are announced, not one each 5 s: the professional's own limit is not measured.
    AUDIO_CHUNKS_PER_MINUTE: '100000',
  },
  process.env.BENCH_SERVER_MAIN && path.resolve(process.env.BENCH_SERVER_MAIN),
);
const pid = server.child.pid!;
let exitCode = 0;
try {
  const [session] = await openSessions(database, 1, 'bench/long-visit.ts');
  const headers = { authorization: `Bearer ${session!.accessToken}` };
  const call = async (method: string, route: string, status: number, init: RequestInit = {}) => {
    const response = await fetch(`${server.base}/api/v1${route}`, {
      method,
      ...init,
      headers: { ...headers, ...(init.headers as Record<string, string>) },
    });
    const body = await response.text();
    if (response.status !== status) throw new Error(`${method} ${route}: ${response.status} ${body}`);
    return body;
  };
  // By consultation and seq.
  const arrivals = new Map<string, number>();
  let wakeArrival = () => {};
  const socket = new WebSocket(
    `${server.base.replace('http', 'ws')}/v1/ws/user/${session!.userId}/token/${session!.streamToken}`,
  );
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as TLiveMessage;
    if (message.type === 'transcript' && message.seq !== undefined) {
      arrivals.set(`${message.consultation_id} ${message.seq}`, performance.now());
      wakeArrival();
    }
  });
  await new Promise((resolve) => socket.once('message', resolve));
  const startConsultation = async (patient: string): Promise<string> => {
    const { id } = JSON.parse(
      await call('POST', '/user/consultations/', 201, {
        body: JSON.stringify({ patient: { name: patient } }),
        headers: { 'content-type': 'application/json' },
      }),
    ) as { id: string };
    await call('PUT', `/user/consultations/${id}/recording-consent`, 200);
    return id;
  };
  const warmId = WARM_CHUNKS > 0 ? await startConsultation('Paciente de antes') : undefined;
  const id = await startConsultation('Paciente da consulta longa');
  const audio = await speechWav(
    'O paciente relata dor torácica aos esforços há duas semanas, com piora ao subir escadas.',
  );
  const chunk = multipartChunk(audio);

  const read = async (): Promise<Reading> => ({ usage: await processUsage(pid), transactions: await transactions() });
  const sendChunk = async (seq: number, consultationId = id): Promise<number> => {
    await call('POST', `/user/consultations/${consultationId}/evidences/transcript?seq=${seq}`, 202, {
      body: chunk.payload,
      headers: chunk.headers,
    });
    const accepted = performance.now();
    const key = `${consultationId} ${seq}`;
    while (!arrivals.has(key)) await new Promise<void>((resolve) => (wakeArrival = resolve));
    // The provider's last request for this seq (a warm-up consultation sent the same seqs before).
    const provider = fixture.requests.findLast((request) => seqOf(request) === seq && request.handledMs !== undefined);
    return arrivals.get(key)! - accepted - (provider?.handledMs ?? 0);
  };

  // Loads the voice activity model (and warms the server) before anything is measured; then what the idle server
  // does alone.
  for (let warmSeq = 0; warmSeq < WARM_CHUNKS; warmSeq += 1) await sendChunk(warmSeq, warmId);
  await sendChunk(0);
  // V8 compiles what the warm-up made hot on threads of its own, after it.
  if (WARM_CHUNKS > 0) await sleep(IDLE_MS);
  const idleStart = await read();
  await sleep(IDLE_MS);
  const idleEnd = await read();
  const idlePerMs = (idleEnd.transactions - idleStart.transactions) / (idleEnd.usage.at - idleStart.usage.at);
  const idleMs = idleEnd.usage.at - idleStart.usage.at;
  const idleCpuPerMs = (idleEnd.usage.cpuSeconds - idleStart.usage.cpuSeconds) / idleMs;
  const idleMainPerMs = (idleEnd.usage.mainThreadCpuSeconds - idleStart.usage.mainThreadCpuSeconds) / idleMs;
  console.log(
    `long visit: ${CHUNKS} chunks of ${audio.length} B WAV espeak-ng speech, one after another, provider ${PROVIDER_MS} ms, ` +
      `PostgreSQL + Redis, server ${process.env.BENCH_SERVER_MAIN ?? 'apps/server/src/main.ts'}` +
      `${WARM_CHUNKS > 0 ? `, warmed by ${WARM_CHUNKS} chunks of another consultation` : ''}; idle server: ` +
      `${(idlePerMs * 1000).toFixed(2)} transactions/s, ${(idleCpuPerMs * 1e6).toFixed(1)} ms CPU/s (subtracted); ` +
      `load average ${loadAverage()}`,
  );
  console.log(
    `${'chunks'.padEnd(12)}${['CPU/chunk', 'main thread', 'tx/chunk', 'overhead p50', 'overhead p99'].map(cell).join('')}`,
  );
  // By seq, inclusive; chunk N (as printed) is seq N − 1, and the first was the warm-up.
  const windows: [number, number][] = [
    [1, WINDOW],
    [CHUNKS - WINDOW, CHUNKS - 1],
  ];
  let seq = 1;
  for (const [first, last] of windows) {
    while (seq < first) await sendChunk(seq++);
    await sleep(1_500); // PostgreSQL publishes its counters within a second
    const before = await read();
    const overheads: number[] = [];
    while (seq <= last) overheads.push(await sendChunk(seq++));
    await sleep(1_500);
    const after = await read();
    const elapsedMs = after.usage.at - before.usage.at;
    const count = overheads.length;
    const cpuMs = ((after.usage.cpuSeconds - before.usage.cpuSeconds - idleCpuPerMs * elapsedMs) * 1000) / count;
    const mainThreadMs =
      ((after.usage.mainThreadCpuSeconds - before.usage.mainThreadCpuSeconds - idleMainPerMs * elapsedMs) * 1000) /
      count;
    const perChunk = (after.transactions - before.transactions - idlePerMs * elapsedMs) / count;
    console.log(
      `${`${first + 1}–${last + 1}`.padEnd(12)}${[
        `${cpuMs.toFixed(1)} ms`,
        `${mainThreadMs.toFixed(1)} ms`,
        perChunk.toFixed(1),
        `${percentile(overheads, 0.5).toFixed(1)} ms`,
        `${percentile(overheads, 0.99).toFixed(1)} ms`,
      ]
        .map(cell)
        .join('')}`,
    );
  }
  const reads: number[] = [];
  for (let index = 0; index < PARTIAL_READS; index += 1) {
    const started = performance.now();
    await call('GET', `/user/consultations/${id}/partial-transcript`, 200);
    reads.push(performance.now() - started);
  }
  const readP99 = percentile(reads, 0.99);
  console.log(
    `GET partial-transcript of ${CHUNKS} chunks, ${PARTIAL_READS} reads: p50 ${percentile(reads, 0.5).toFixed(1)} ms, ` +
      `p99 ${readP99.toFixed(1)} ms (aim ≤ 50 ms: ${readP99 <= 50 ? 'met' : 'NOT met'}); load average ${loadAverage()}`,
  );
  socket.close();
} catch (error) {
  console.error(error);
  console.error(server.stdout.slice(-20).join('\n'), server.stderr());
  exitCode = 1;
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  await stats.end();
  await database.close();
  await fixture.close();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

/** Transactions committed and rolled back in the bench's database so far, as PostgreSQL counts them. */
async function transactions(): Promise<number> {
  const { rows } = await stats.query<{ count: string }>(
    'select xact_commit + xact_rollback as count from pg_stat_database where datname = current_database()',
  );
  // This query is a transaction too.
  return Number(rows[0]!.count);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function cell(text: string): string {
  return text.padStart(14);
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((each) => each.toFixed(1))
    .join(' ');
}
