import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speechAs, speechWav } from '../../../../test/speech';
import { decodeAudio, readPcmWav } from './decode-audio';
import { encodeWav } from './encode-wav';
import { findSpeech } from './speech-gate';
import { VoiceActivityPool } from './voice-activity-pool';

const run = promisify(execFile);
const detector = new VoiceActivityPool();
let speech: Buffer;
beforeAll(async () => {
  speech = await speechWav('A pressão está doze por oito.');
});
afterAll(() => detector.close());

describe('decodeAudio', () => {
  it('reads a WAV chunk exactly and other formats through ffmpeg, to the same length and the same speech', async () => {
    const wav = readPcmWav(speech)!;
    expect(wav.duration).toBeCloseTo(await probeSeconds(speech), 3);
    for (const extension of ['ogg', 'flac', 'mp3']) {
      const decoded = await decodeAudio(await speechAs(speech, extension));
      expect(Math.abs(decoded.duration - wav.duration), extension).toBeLessThan(0.1);
      expect((await findSpeech(detector, decoded))?.seconds, extension).toBeGreaterThan(1);
    }
  });

  it('reads the first channel of a 16-bit WAV, mono or stereo, sample for sample', () => {
    const first = Int16Array.from({ length: 4001 }, (_, index) => Math.round(32_767 * Math.sin(index / 7)));
    first[0] = -32_768;
    const stereo = new Int16Array(2 * first.length);
    first.forEach((sample, index) => stereo.set([sample, -sample >> 1], 2 * index));
    expect(readPcmWav(pcmWav(first, 1))!.samples).toEqual(first);
    expect(readPcmWav(pcmWav(stereo, 2))!.samples).toEqual(first);
  });

  it('brings a WAV recorded at another rate to 16 kHz', async () => {
    const tone = Float32Array.from(
      { length: 44_100 },
      (_, index) => 0.3 * Math.sin((2 * Math.PI * 440 * index) / 44_100),
    );
    const decoded = await decodeAudio(encodeWav(tone, 44_100));
    expect(decoded.sampleRate).toBe(16_000);
    expect(decoded.duration).toBeCloseTo(1, 2);
  });
});

/** A 16 kHz 16-bit PCM WAV of interleaved samples, at an odd place in its memory (as in a bigger buffer). */
function pcmWav(interleaved: Int16Array, channels: number): Buffer {
  const file = encodeWav(new Float32Array(interleaved.length), 16_000);
  file.writeUInt16LE(channels, 22);
  file.writeUInt32LE(16_000 * 2 * channels, 28);
  file.writeUInt16LE(2 * channels, 32);
  interleaved.forEach((sample, index) => file.writeInt16LE(sample, 44 + 2 * index));
  return Buffer.concat([Buffer.alloc(1), file]).subarray(1);
}

async function probeSeconds(audio: Buffer): Promise<number> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'escriba-probe-'));
  try {
    const file = path.join(folder, 'chunk.wav');
    await writeFile(file, audio);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      file,
    ]);
    return Number(stdout);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
