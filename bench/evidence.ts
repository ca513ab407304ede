// Evidence files (issue 10): a 20 MB upload through POST .../evidences/add-evidence against writing
// the same bytes to a file on the same disk in the same run, as a throughput ratio (goal ≥ 0.5); the
// server's peak RSS growth while it receives 5, 10 and 20 MB (goal: under twice the file, flat as
// files grow), each on a fresh server process; and OCR seconds per page of the lab report PNG.
import type { TConsultation, TEvidence, TTokenResponse } from '@escriba/contract';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { labReportPng } from '../apps/server/test/evidence-files';
import { startServerProcess, type ServerProcess } from '../apps/server/test/server-process';
import { openTestDatabase } from '../apps/server/test/test-database';
import { multipartChunk } from '../apps/server/test/transcription-requests';
import { detectDocumentType } from '../apps/server/src/providers/documents/detect-document-type';
import { terminateOcr } from '../apps/server/src/providers/documents/ocr';
import { readDocument } from '../apps/server/src/providers/documents/read-document';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const MB = 1024 * 1024;
const RSS_SIZES_MB = [5, 10, 20];
const THROUGHPUT_MB = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const OCR_RUNS = 3;
const ADMIN = { email: 'bench.evidence@clinica.test', password: 'bancada-de-evidencias-2026' };

/** Text the server accepts (UTF-8) and reads cheaply, so that the reading job after the upload stays out of the way. */
function textFile(bytes: number): Buffer {
  return Buffer.from(
    randomBytes(Math.ceil((bytes * 3) / 4))
      .toString('base64')
      .slice(0, bytes),
  );
}

interface Server {
  process: ServerProcess;
  headers: Record<string, string>;
  consultationId: string;
  dataDir: string;
  stop(): Promise<void>;
}

async function startServer(): Promise<Server> {
  const database = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'escriba-bench-evidence-'));
  const url = 'url' in database.source ? database.source.url : undefined;
  const child = await startServerProcess({
    DATA_DIR: dataDir,
    ...(url ? { DATABASE_URL: url } : {}),
    LOG_LEVEL: 'info', // startServerProcess waits for "Server listening"
    MAX_UPLOAD_MB: '64',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const login = await fetch(`${child.base}/api/v1/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const headers = { authorization: `Bearer ${((await login.json()) as TTokenResponse).access_token}` };
  const created = await fetch(`${child.base}/api/v1/user/consultations/`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ patient: { name: 'Paciente de bancada' } }),
  });
  if (created.status !== 201) throw new Error(`consultation: ${created.status} ${await created.text()}`);
  const consultationId = ((await created.json()) as TConsultation).id;
  return {
    process: child,
    headers,
    consultationId,
    dataDir,
    async stop() {
      child.child.kill('SIGTERM');
      await child.exited;
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function rssBytes(pid: number): Promise<number> {
  return readFile(`/proc/${pid}/status`, 'utf8').then((status) => Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024);
}

interface Upload {
  ms: number;
  /** Peak RSS above the RSS before, until the client had written the last byte. */
  rssGrowthReceiving: number;
  /** The same until the answer came, by when the reading job (which loads the whole file) has often started. */
  rssGrowthToAnswer: number;
}

/** Uploads the file in 64 KB writes, as fast as the server takes them, sampling the server's RSS meanwhile. */
async function upload(server: Server, file: Buffer): Promise<Upload> {
  const pid = server.process.child.pid!;
  const before = await rssBytes(pid);
  let peak = before;
  const sampler = setInterval(() => {
    void rssBytes(pid).then((rss) => (peak = Math.max(peak, rss)));
  }, 5);
  // Encoded beforehand, so that the client's own work (FormData) is not counted against the server.
  const body = multipartChunk(file, 'exame.txt', 'text/plain');
  const url = `${server.process.base}/api/v1/user/consultations/${server.consultationId}/evidences/add-evidence`;
  const started = performance.now();
  const { sent, answer } = post(url, { ...server.headers, ...body.headers }, body.payload);
  await sent;
  const peakReceiving = Math.max(peak, await rssBytes(pid));
  const { status, text } = await answer;
  const ms = performance.now() - started;
  clearInterval(sampler);
  const peakToAnswer = Math.max(peak, await rssBytes(pid));
  if (status !== 201) throw new Error(`upload: ${status} ${text}`);
  await waitUntilRead(server, (JSON.parse(text) as TEvidence).id);
  return { ms, rssGrowthReceiving: peakReceiving - before, rssGrowthToAnswer: peakToAnswer - before };
}

/** A POST written in 64 KB pieces with backpressure: `sent` once the last byte is handed to the socket. */
function post(url: string, headers: Record<string, string>, payload: Buffer) {
  const request = http.request(url, {
    method: 'POST',
    headers: { ...headers, 'content-length': String(payload.length) },
  });
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ status: response.statusCode!, text: Buffer.concat(parts).toString() }));
    });
  });
  const sent = (async () => {
    for (let offset = 0; offset < payload.length; offset += 64 * 1024) {
      if (!request.write(payload.subarray(offset, offset + 64 * 1024))) await once(request, 'drain');
    }
    await new Promise<void>((resolve) => request.end(resolve));
  })();
  return { sent, answer };
}

/** Lets the reading job finish (and the memory it took settle) before the next measurement. */
async function waitUntilRead(server: Server, evidenceId: string): Promise<void> {
  const url = `${server.process.base}/api/v1/user/consultations/${server.consultationId}/evidences/${evidenceId}`;
  for (;;) {
    const evidence = (await (await fetch(url, { headers: server.headers })).json()) as TEvidence;
    if (evidence.status === 'ready' || evidence.status === 'unreadable') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The same bytes written to a file in 64 KB pieces and flushed, as the server's disk storage stores an upload. */
async function writeToDisk(directory: string, file: Buffer): Promise<number> {
  const target = path.join(directory, `copy-${randomBytes(4).toString('hex')}`);
  const pieces = function* () {
    for (let offset = 0; offset < file.length; offset += 64 * 1024) yield file.subarray(offset, offset + 64 * 1024);
  };
  const started = performance.now();
  await pipeline(Readable.from(pieces()), createWriteStream(target, { flush: true }));
  const ms = performance.now() - started;
  await rm(target);
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
console.log(
  `evidence: ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, disk storage, server in its own process`,
);

// 1. Throughput, alternating API and disk rounds on one server.
const throughputServer = await startServer();
try {
  const file = textFile(THROUGHPUT_MB * MB);
  await upload(throughputServer, textFile(MB)); // warm-up: first request compiles the route
  const apiMs: number[] = [];
  const diskMs: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    apiMs.push((await upload(throughputServer, file)).ms);
    diskMs.push(await writeToDisk(throughputServer.dataDir, file));
  }
  const api = (THROUGHPUT_MB * 1000) / median(apiMs);
  const disk = (THROUGHPUT_MB * 1000) / median(diskMs);
  console.log(`\n${THROUGHPUT_MB} MB file, median of ${ROUNDS} rounds:`);
  console.log(`  through the API (multipart, sniffed, stored, row, job) ${api.toFixed(0).padStart(6)} MB/s`);
  console.log(`  written to disk by this process                        ${disk.toFixed(0).padStart(6)} MB/s`);
  const ratio = api / disk;
  console.log(`  ratio ${ratio.toFixed(2)} (goal ≥ 0.5) ${ratio >= 0.5 ? 'MET' : 'NOT MET'}`);
} finally {
  await throughputServer.stop();
}

// 2. Peak RSS growth while receiving, each size on a fresh process (after one small warm-up upload).
console.log('\nserver RSS growth while it receives one upload (fresh process each):');
const growths: number[] = [];
for (const sizeMb of RSS_SIZES_MB) {
  const server = await startServer();
  try {
    await upload(server, textFile(MB));
    const { rssGrowthReceiving, rssGrowthToAnswer } = await upload(server, textFile(sizeMb * MB));
    growths.push(rssGrowthReceiving);
    const times = (bytes: number) => `${(bytes / (sizeMb * MB)).toFixed(2)}×`;
    console.log(
      `  ${String(sizeMb).padStart(2)} MB file: peak RSS +${mb(rssGrowthReceiving)} (${times(rssGrowthReceiving)} the file)` +
        ` while receiving; +${mb(rssGrowthToAnswer)} (${times(rssGrowthToAnswer)}) until the answer, reading job included`,
    );
  } finally {
    await server.stop();
  }
}
const worst = Math.max(...growths.map((growth, index) => growth / (RSS_SIZES_MB[index]! * MB)));
console.log(`  worst while receiving ${worst.toFixed(2)}× the file (goal < 2×) ${worst < 2 ? 'MET' : 'NOT MET'}`);

// 3. OCR, in this process: the lab report PNG read as an upload is read.
const png = await labReportPng();
const type = (await detectDocumentType(png, true))!;
await readDocument(png, type); // warm-up: starts the OCR worker and loads the Portuguese model
const ocrSeconds: number[] = [];
for (let run = 0; run < OCR_RUNS; run += 1) {
  const started = performance.now();
  const { text } = await readDocument(png, type);
  ocrSeconds.push((performance.now() - started) / 1000);
  if (!text.includes('Hemoglobina')) throw new Error('OCR did not find "Hemoglobina"');
}
await terminateOcr();
console.log(
  `\nOCR of the lab report PNG (one page, ${mb(png.length)}): median ${median(ocrSeconds).toFixed(2)} s per page`,
);
