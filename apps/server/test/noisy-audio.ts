import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readPcmWav } from '../src/modules/transcription/audio/decode-audio';
import { encodeWav } from '../src/modules/transcription/audio/encode-wav';
import { cachedFile } from './file-cache';
import { speechWav } from './speech';

const run = promisify(execFile);
const RATE = 16_000;
/** The recorder's chunk length. */
const CHUNK_SECONDS = 5;
const SPEECH_STARTS_AT = 0.8;

/** The non-speech a consultation room's microphone hears that made Whisper invent text (issue 20 §2). */
export type NoiseKind = 'room-tone' | 'air-conditioning' | 'pink-noise' | 'hum' | 'dc-offset';
export const NOISE_KINDS: NoiseKind[] = ['room-tone', 'air-conditioning', 'pink-noise', 'hum', 'dc-offset'];

// Each kind's ffmpeg source (16 kHz mono) and its level alone, as the real chunks had them.
const NOISES: Record<NoiseKind, { sources: string[]; dbfs: number }> = {
  // A quiet room (brown noise) with chair creaks and clicks peaking at -6 dBFS.
  'room-tone': {
    sources: ['anoisesrc=c=brown:a=0.5:seed=7', 'aevalsrc=if(lt(mod(t\\,1.1)\\,0.004)\\,sin(2*PI*1700*t)\\,0)'],
    dbfs: -55,
  },
  // A fan: white noise low-passed twice at 400 Hz.
  'air-conditioning': { sources: ['anoisesrc=c=white:a=0.5:seed=11,lowpass=f=400,lowpass=f=400'], dbfs: -35 },
  'pink-noise': { sources: ['anoisesrc=c=pink:a=0.5:seed=13'], dbfs: -35 },
  // Mains hum with its odd harmonics, as a badly grounded recorder picks it up.
  hum: { sources: ['aevalsrc=sin(2*PI*60*t)+0.4*sin(2*PI*180*t)+0.2*sin(2*PI*300*t)'], dbfs: -30 },
  // A quiet room recorded with its samples offset by a tenth of full scale.
  'dc-offset': { sources: ['anoisesrc=c=brown:a=0.5:seed=17'], dbfs: -60 },
};
const DC_OFFSET = 0.1;
// The clicks of the room tone sit this far above its noise.
const CLICKS_ABOVE_NOISE_DB = 49;

/** A chunk of one kind of non-speech, at the level of `dbfs` (RMS), or its usual level. */
export function noiseChunk(kind: NoiseKind, dbfs = NOISES[kind].dbfs): Promise<Buffer> {
  return cachedFile(['noise-chunk', kind, String(dbfs)], async () => encodeWav(await noise(kind, dbfs), RATE));
}

/**
 * A chunk of espeak-ng's pt-BR speech scaled to `speechDbfs` (RMS over the utterance), starting 0.8 s
 * in, over a kind of noise at its `dbfs` if given.
 */
export function speechChunk(
  text: string,
  speechDbfs: number,
  background?: { kind: NoiseKind; dbfs: number },
): Promise<Buffer> {
  const inputs = ['speech-chunk', text, String(speechDbfs), background?.kind ?? '', String(background?.dbfs ?? '')];
  return cachedFile(inputs, async () => {
    const mix = background ? await noise(background.kind, background.dbfs) : new Float32Array(RATE * CHUNK_SECONDS);
    const voice = toFloat(readPcmWav(await speechWav(text))!.samples);
    const gain = 10 ** (speechDbfs / 20) / rms(voice);
    const start = Math.round(SPEECH_STARTS_AT * RATE);
    for (let index = 0; index < voice.length && start + index < mix.length; index += 1)
      mix[start + index] = mix[start + index]! + voice[index]! * gain;
    return encodeWav(mix, RATE);
  });
}

async function noise(kind: NoiseKind, dbfs: number): Promise<Float32Array> {
  const [base, clicks] = (await Promise.all(NOISES[kind].sources.map(render))) as [Float32Array, Float32Array?];
  scaleTo(base, dbfs);
  const clickGain = 10 ** ((dbfs + CLICKS_ABOVE_NOISE_DB) / 20);
  const offset = kind === 'dc-offset' ? DC_OFFSET : 0;
  return base.map((sample, index) => sample + (clicks ? clicks[index]! * clickGain : 0) + offset);
}

async function render(source: string): Promise<Float32Array> {
  const { stdout } = await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      source,
      '-t',
      String(CHUNK_SECONDS),
      '-ar',
      String(RATE),
      '-ac',
      '1',
      '-f',
      's16le',
      'pipe:1',
    ],
    { encoding: 'buffer' },
  );
  return toFloat(new Int16Array(stdout.buffer, stdout.byteOffset, stdout.length / 2));
}

function toFloat(samples: Int16Array): Float32Array {
  return Float32Array.from(samples, (sample) => sample / 32_768);
}

function rms(samples: Float32Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / samples.length);
}

function scaleTo(samples: Float32Array, dbfs: number): void {
  const gain = 10 ** (dbfs / 20) / rms(samples);
  for (let index = 0; index < samples.length; index += 1) samples[index] = samples[index]! * gain;
}
