// What an hour's recording costs the server (issue 32 §1): one consultation of BENCH_CHUNKS (720) chunks of
// espeak-ng speech, each sent once the one before it is announced, to a server process on PostgreSQL + Redis
// with a loopback Whisper fixture answering after BENCH_PROVIDER_MS. For the first and the last 50 chunks side by
// side: the server's CPU per chunk (all threads, and its main thread's alone), database transactions per chunk
// (PostgreSQL's own count for the database, less what the idle server makes in as long) and chunk → `transcript`
// overhead p50/p99 (from the 202 to the message, less the provider's own time); then `GET …/partial-transcript` of
// the whole visit, p50/p99 (aim p99 ≤ 50 ms).
// With BENCH_BASELINE_MAIN, another build records the same visit in the same run, chunk by chunk in turn with the
// first (each with its own database, Redis prefix and provider), so that both see the same moments of a noisy
// machine; each window then ends with the ratios of the two.
//   node --import tsx bench/long-visit.ts
// BENCH_CHUNKS (720), BENCH_PROVIDER_MS (100), BENCH_SERVER_MAIN (the server's entry: src/main.ts here, a build,
// another checkout), BENCH_BASELINE_MAIN (none: the entry of the build to compare with), BENCH_WARM_CHUNKS (0:
// chunks of another consultation recorded first, so that the first window measures the visit's first chunks on a
// server whose code V8 has optimised, as after a while in production, and not the process's first chunks).
// TEST_DATABASE_URL and TEST_REDIS_URL name the servers.
import os from 'node:os';
import { speechWav } from '../apps/server/test/speech';
import { multipartChunk } from '../apps/server/test/transcription-requests';
import { percentile } from './percentile';
import { VisitServer, type Reading } from './visit-server';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.TEST_REDIS_URL ??= 'redis://127.0.0.1:6379';

const CHUNKS = Number(process.env.BENCH_CHUNKS ?? 720);
const WARM_CHUNKS = Number(process.env.BENCH_WARM_CHUNKS ?? 0);
const PROVIDER_MS = Number(process.env.BENCH_PROVIDER_MS ?? 100);
const WINDOW = 50;
const PARTIAL_READS = 100;
const IDLE_MS = 10_000;
const COLUMNS = ['CPU/chunk', 'main thread', 'tx/chunk', 'overhead p50', 'overhead p99'];

/** One server's figures for one window, in COLUMNS' order. */
type Figures = [cpuMs: number, mainThreadMs: number, transactions: number, overheadP50: number, overheadP99: number];

/** What a server does alone, per ms, subtracted from what it did while recording. */
interface IdleRates {
  transactions: number;
  cpuSeconds: number;
  mainThreadCpuSeconds: number;
}

const servers: VisitServer[] = [];
let exitCode = 0;
try {
  servers.push(await VisitServer.start('server', process.env.BENCH_SERVER_MAIN, PROVIDER_MS));
  if (process.env.BENCH_BASELINE_MAIN) {
    servers.push(await VisitServer.start('baseline', process.env.BENCH_BASELINE_MAIN, PROVIDER_MS));
  }
  const audio = await speechWav(
    'O paciente relata dor torácica aos esforços há duas semanas, com piora ao subir escadas.',
  );
  const chunk = multipartChunk(audio);
  const warmIds = WARM_CHUNKS > 0 ? await forEach((server) => server.startConsultation('Paciente de antes')) : [];
  const ids = await forEach((server) => server.startConsultation('Paciente da consulta longa'));
  /** Sends chunk `seq` to each server in turn; answers each one's overhead. */
  const sendChunk = async (seq: number, consultationIds = ids): Promise<number[]> => {
    const overheads: number[] = [];
    for (const [index, server] of servers.entries()) {
      overheads.push(await server.sendChunk(consultationIds[index]!, seq, chunk));
    }
    return overheads;
  };

  // Loads the voice activity model (and warms the server) before anything is measured; then what the idle server
  // does alone.
  for (let warmSeq = 0; warmSeq < WARM_CHUNKS; warmSeq += 1) await sendChunk(warmSeq, warmIds);
  await sendChunk(0);
  // V8 compiles what the warm-up made hot on threads of its own, after it.
  if (WARM_CHUNKS > 0) await sleep(IDLE_MS);
  const idleStart = await readAll();
  await sleep(IDLE_MS);
  const idle = idleRates(idleStart, await readAll());
  console.log(
    `long visit: ${CHUNKS} chunks of ${audio.length} B WAV espeak-ng speech, one after another, provider ${PROVIDER_MS} ms, ` +
      `PostgreSQL + Redis${WARM_CHUNKS > 0 ? `, warmed by ${WARM_CHUNKS} chunks of another consultation` : ''}; ` +
      `load average ${loadAverage()}`,
  );
  for (const [index, server] of servers.entries()) {
    console.log(
      `  ${server.label}: ${server.entry}; idle ${(idle[index]!.transactions * 1000).toFixed(2)} transactions/s, ` +
        `${(idle[index]!.cpuSeconds * 1e6).toFixed(1)} ms CPU/s (subtracted)`,
    );
  }
  console.log(`${'chunks'.padEnd(12)}${'server'.padEnd(18)}${COLUMNS.map(cell).join('')}`);
  // By seq, inclusive; chunk N (as printed) is seq N − 1, and the first was the warm-up.
  const windows: [number, number][] = [
    [1, WINDOW],
    [CHUNKS - WINDOW, CHUNKS - 1],
  ];
  let seq = 1;
  for (const [first, last] of windows) {
    while (seq < first) await sendChunk(seq++);
    await sleep(1_500); // PostgreSQL publishes its counters within a second
    const before = await readAll();
    const overheads: number[][] = servers.map(() => []);
    while (seq <= last) {
      for (const [index, overhead] of (await sendChunk(seq++)).entries()) overheads[index]!.push(overhead);
    }
    await sleep(1_500);
    const after = await readAll();
    const figures = servers.map((_, index) =>
      windowFigures(before[index]!, after[index]!, idle[index]!, overheads[index]!),
    );
    const range = `${first + 1}–${last + 1}`;
    for (const [index, server] of servers.entries()) {
      console.log(`${range.padEnd(12)}${server.label.padEnd(18)}${formatFigures(figures[index]!).map(cell).join('')}`);
    }
    if (figures.length === 2) {
      const ratios = figures[0]!.map((value, column) => (value / figures[1]![column]!).toFixed(2));
      console.log(`${range.padEnd(12)}${'server/baseline'.padEnd(18)}${ratios.map(cell).join('')}`);
    }
  }
  for (const [index, server] of servers.entries()) {
    const reads: number[] = [];
    for (let read = 0; read < PARTIAL_READS; read += 1) reads.push(await server.timePartialTranscript(ids[index]!));
    const readP99 = percentile(reads, 0.99);
    console.log(
      `${server.label}: GET partial-transcript of ${CHUNKS} chunks, ${PARTIAL_READS} reads: ` +
        `p50 ${percentile(reads, 0.5).toFixed(1)} ms, p99 ${readP99.toFixed(1)} ms ` +
        `(aim ≤ 50 ms: ${readP99 <= 50 ? 'met' : 'NOT met'}); load average ${loadAverage()}`,
    );
  }
} catch (error) {
  console.error(error);
  for (const server of servers) console.error(`${server.label}:\n${server.lastWords()}`);
  exitCode = 1;
} finally {
  await Promise.all(servers.map((server) => server.close()));
}
process.exit(exitCode);

function forEach<T>(work: (server: VisitServer) => Promise<T>): Promise<T[]> {
  return Promise.all(servers.map(work));
}

function readAll(): Promise<Reading[]> {
  return forEach((server) => server.read());
}

function idleRates(start: Reading[], end: Reading[]): IdleRates[] {
  return start.map((first, index) => {
    const last = end[index]!;
    const elapsedMs = last.usage.at - first.usage.at;
    return {
      transactions: (last.transactions - first.transactions) / elapsedMs,
      cpuSeconds: (last.usage.cpuSeconds - first.usage.cpuSeconds) / elapsedMs,
      mainThreadCpuSeconds: (last.usage.mainThreadCpuSeconds - first.usage.mainThreadCpuSeconds) / elapsedMs,
    };
  });
}

function windowFigures(before: Reading, after: Reading, idle: IdleRates, overheads: number[]): Figures {
  const elapsedMs = after.usage.at - before.usage.at;
  const count = overheads.length;
  const perChunk = (total: number, idlePerMs: number) => (total - idlePerMs * elapsedMs) / count;
  return [
    perChunk(after.usage.cpuSeconds - before.usage.cpuSeconds, idle.cpuSeconds) * 1000,
    perChunk(after.usage.mainThreadCpuSeconds - before.usage.mainThreadCpuSeconds, idle.mainThreadCpuSeconds) * 1000,
    perChunk(after.transactions - before.transactions, idle.transactions),
    percentile(overheads, 0.5),
    percentile(overheads, 0.99),
  ];
}

function formatFigures([cpuMs, mainThreadMs, transactions, p50, p99]: Figures): string[] {
  return [
    `${cpuMs.toFixed(1)} ms`,
    `${mainThreadMs.toFixed(1)} ms`,
    transactions.toFixed(1),
    `${p50.toFixed(1)} ms`,
    `${p99.toFixed(1)} ms`,
  ];
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
