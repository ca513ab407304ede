// The speech gate (issue 20 §2) on 5 s chunks that the tests make: five kinds of non-speech and speech
// at -25, -45 and -50 dBFS, clean and noisy. Per chunk, side by side: what the old fixed -40 dBFS
// frame gate decided and what the voice activity detector decides, then the detector's CPU time per
// chunk (all threads: its worker's and onnxruntime's included) and the median wall time of a chunk, one
// chunk at a time, then with every chunk at once (as a busy server reads them: side by side in one batch),
// with the time the main thread's event loop was busy per chunk (what requests wait behind; the gate
// decides on its worker thread, so this is handing the samples over and taking the answer back).
import { findSpeech } from '../apps/server/src/modules/transcription/audio/speech-gate';
import { VoiceActivityPool } from '../apps/server/src/modules/transcription/audio/voice-activity-pool';
import { readPcmWav, type DecodedAudio } from '../apps/server/src/modules/transcription/audio/decode-audio';
import { NOISE_KINDS, noiseChunk, speechChunk, type NoiseKind } from '../apps/server/test/noisy-audio';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SENTENCE = 'Estou com dor de cabeça há três dias.';

const cases: { name: string; isSpeech: boolean; audio: DecodedAudio }[] = [];
for (const kind of NOISE_KINDS) cases.push({ name: kind, isSpeech: false, audio: readPcmWav(await noiseChunk(kind))! });
for (const level of [-25, -45, -50]) {
  const backgrounds: (NoiseKind | undefined)[] = [undefined, ...NOISE_KINDS];
  for (const kind of backgrounds) {
    const background = kind && { kind, dbfs: kind === 'dc-offset' ? -60 : level - 10 };
    const wav = await speechChunk(SENTENCE, level, background);
    cases.push({ name: `speech ${level} dBFS${kind ? ` + ${kind}` : ''}`, isSpeech: true, audio: readPcmWav(wav)! });
  }
}

const detector = new VoiceActivityPool();
// Loads the model before timing.
await findSpeech(detector, cases[0]!.audio);
let oldRight = 0;
let newRight = 0;
const cpuMs: number[] = [];
const wallMs: number[] = [];
console.log(`${'chunk'.padEnd(36)} ${'old -40 dBFS gate'.padEnd(18)} voice activity detector`);
for (const each of cases) {
  const isSentByOld = oldGateSends(each.audio);
  let isSent = false;
  for (let round = 0; round < ROUNDS; round += 1) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    isSent = (await findSpeech(detector, each.audio)) !== undefined;
    wallMs.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
  }
  oldRight += Number(isSentByOld === each.isSpeech);
  newRight += Number(isSent === each.isSpeech);
  const verdict = (sent: boolean) => `${sent ? 'sent' : 'dropped'}${sent === each.isSpeech ? '' : ' (wrong)'}`;
  console.log(`${each.name.padEnd(36)} ${verdict(isSentByOld).padEnd(18)} ${verdict(isSent)}`);
}
console.log(`right: old gate ${oldRight}/${cases.length}, voice activity detector ${newRight}/${cases.length}`);
console.log(
  `detector per 5 s chunk, one at a time: CPU median ${median(cpuMs).toFixed(1)} ms ` +
    `(p95 ${percentile(cpuMs, 0.95).toFixed(1)}), wall median ${median(wallMs).toFixed(1)} ms`,
);
const loop = performance.eventLoopUtilization();
const cpu = process.cpuUsage();
for (let round = 0; round < ROUNDS; round += 1)
  await Promise.all(cases.map((each) => findSpeech(detector, each.audio)));
const used = process.cpuUsage(cpu);
const perChunk = (ms: number) => (ms / ROUNDS / cases.length).toFixed(2);
console.log(
  `detector per 5 s chunk, ${cases.length} at once: CPU ${perChunk((used.user + used.system) / 1000)} ms, ` +
    `main thread's event loop busy ${perChunk(performance.eventLoopUtilization(loop).active)} ms`,
);
await detector.close();

/** The gate this detector replaced: at least 0.2 s of 30 ms frames above -40 dBFS, as it was. */
function oldGateSends(audio: DecodedAudio): boolean {
  const frame = Math.round(audio.sampleRate * 0.03);
  let loud = 0;
  for (let start = 0; start + frame <= audio.samples.length; start += frame) {
    let sum = 0;
    for (let index = start; index < start + frame; index += 1) sum += audio.samples[index]! ** 2;
    if (20 * Math.log10(Math.sqrt(sum / frame) / 32_768) > -40) loud += 1;
  }
  return loud * 0.03 >= 0.2;
}

function median(values: number[]): number {
  return percentile(values, 0.5);
}

function percentile(values: number[], fraction: number): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length * fraction)]!;
}
