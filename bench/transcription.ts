// Live transcription: per chunk, the time from the upload being accepted (202) to its `transcript`
// message on the professional's socket, minus the provider's own time (measured by the fixture
// provider in the same process), printed beside that provider time; then the most chunks per
// second one instance transcribes with 100 consultations recording at once. Issue 9: p99
// overhead under 50 ms.
import type { TConsultation, TLiveMessage } from '@escriba/contract';
import WebSocket from 'ws';
import { createTestConsultation } from '../apps/server/test/clinical-factories';
import { createLoggedInUser } from '../apps/server/test/factories';
import { speechWav } from '../apps/server/test/speech';
import { createTestApp } from '../apps/server/test/test-app';
import { WhisperFixture, seqOf } from '../apps/server/test/whisper-fixture';
import { percentile } from './percentile';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.TEST_REDIS_URL ??= 'redis://127.0.0.1:6379';

const LATENCY_CHUNKS = Number(process.env.BENCH_CHUNKS ?? 200);
const PROVIDER_MS = 100;
const CONSULTATIONS = 100;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const fixture = await WhisperFixture.start();
const escriba = await createTestApp((config) => ({
  ...config,
  transcription: { ...config.transcription, whisper: { ...config.transcription.whisper, url: fixture.baseUrl } },
  // One professional sends every consultation's chunks: the per-professional limit is not what is measured.
  rateLimits: { ...config.rateLimits, audioChunks: { points: Number.MAX_SAFE_INTEGER, durationSeconds: 60 } },
}));
const base = await escriba.app.listen({ host: '127.0.0.1', port: 0 });
const user = await createLoggedInUser(escriba.app);
const chunk = await speechWav('O paciente relata dor torácica aos esforços há duas semanas.');
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const pubsub = process.env.TEST_REDIS_URL ? 'Redis' : 'in-process';
console.log(
  `transcription: ${chunk.length} B WAV chunks of real speech, ${database}, ${pubsub} pub/sub, ` +
    `concurrency ${escriba.config.transcription.concurrency}`,
);

// Arrival time of each transcript message, by consultation and seq.
const arrivals = new Map<string, number>();
const socket = new WebSocket(
  `${base.replace('http', 'ws')}/v1/ws/user/${user.session.user.id}/token/${user.session.stream_token}`,
);
socket.on('message', (data: Buffer) => {
  const message = JSON.parse(data.toString()) as TLiveMessage;
  if (message.type === 'transcript') arrivals.set(`${message.consultation_id}:${message.seq}`, performance.now());
});
await new Promise((resolve) => socket.once('message', resolve));

async function recording(): Promise<TConsultation> {
  const consultation = await createTestConsultation(escriba.app, user.headers);
  const consent = await fetch(`${base}/api/v1/user/consultations/${consultation.id}/recording-consent`, {
    method: 'PUT',
    headers: user.headers,
  });
  if (consent.status !== 200) throw new Error(`consent: ${consent.status}`);
  return consultation;
}

async function upload(consultationId: string, seq: number): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(chunk)], { type: 'audio/wav' }), `${seq}.wav`);
  const response = await fetch(`${base}/api/v1/user/consultations/${consultationId}/evidences/transcript?seq=${seq}`, {
    method: 'POST',
    headers: user.headers,
    body: form,
  });
  if (response.status !== 202) throw new Error(`chunk ${seq}: ${response.status} ${await response.text()}`);
  return performance.now();
}

async function arrival(key: string, timeoutMs = 30_000): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const at = arrivals.get(key);
    if (at !== undefined) return at;
    if (performance.now() > deadline) throw new Error(`no transcript message for ${key}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

// 1. Overhead: one chunk at a time, as one professional speaking.
fixture.behave = () => ({ delayMs: PROVIDER_MS });
const single = await recording();
const overheads: number[] = [];
const providerTimes: number[] = [];
for (let seq = 0; seq < LATENCY_CHUNKS; seq += 1) {
  const accepted = await upload(single.id, seq);
  const received = await arrival(`${single.id}:${seq}`);
  const provider = fixture.requests.find((request) => seqOf(request) === seq && request.handledMs !== undefined);
  providerTimes.push(provider!.handledMs!);
  overheads.push(received - accepted - provider!.handledMs!);
}
const row = (label: string, values: number[]) =>
  `${label.padEnd(44)} p50 ${percentile(values, 0.5).toFixed(1).padStart(7)} ms   p99 ${percentile(values, 0.99).toFixed(1).padStart(7)} ms`;
console.log(`\n${LATENCY_CHUNKS} chunks one after another, provider answering after ${PROVIDER_MS} ms:`);
console.log(row('provider time (fixture, measured)', providerTimes));
console.log(row('accepted → transcript message, minus provider', overheads));
const p99 = percentile(overheads, 0.99);
console.log(`p99 overhead ${p99.toFixed(1)} ms (goal < 50 ms) ${p99 < 50 ? 'MET' : 'NOT MET'}`);

// 2. Throughput: 100 consultations uploading at once for LOAD_SECONDS, provider answering at once.
fixture.behave = () => ({});
fixture.requests.length = 0;
const consultations = await Promise.all(Array.from({ length: CONSULTATIONS }, recording));
const started = performance.now();
const sent: string[] = [];
await Promise.all(
  consultations.map(async (consultation) => {
    for (let seq = 0; performance.now() - started < LOAD_SECONDS * 1000; seq += 1) {
      await upload(consultation.id, seq);
      sent.push(`${consultation.id}:${seq}`);
    }
  }),
);
const uploadSeconds = (performance.now() - started) / 1000;
const lastArrival = Math.max(...(await Promise.all(sent.map((key) => arrival(key, 300_000)))));
const seconds = (lastArrival - started) / 1000;
console.log(`\n${CONSULTATIONS} consultations recording at once, ${LOAD_SECONDS} s of uploads:`);
console.log(
  `accepted ${sent.length} chunks in ${uploadSeconds.toFixed(1)} s (${(sent.length / uploadSeconds).toFixed(0)} chunks/s)`,
);
console.log(
  `transcribed all of them in ${seconds.toFixed(1)} s: ${(sent.length / seconds).toFixed(0)} chunks/s sustained by one instance`,
);

socket.close();
await escriba.close();
await fixture.close();
