import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { silentWav, speechAs, speechWav } from '../../../../test/speech';
import { decodeAudio, readPcmWav } from './decode-audio';
import { isSilent } from './silence';

const run = promisify(execFile);
let speech: Buffer;
beforeAll(async () => {
  speech = await speechWav('A pressão está doze por oito.');
});

describe('silent chunks', () => {
  it('tells real Portuguese speech from real silence and from a quiet room', async () => {
    expect(isSilent(readPcmWav(speech)!)).toBe(false);
    expect(isSilent(readPcmWav(await silentWav(5))!)).toBe(true);
    const { stdout } = await run(
      'ffmpeg',
      ['-v', 'error', '-f', 'lavfi', '-i', 'anoisesrc=r=16000:a=0.003', '-t', '4', '-ac', '1', '-f', 'wav', 'pipe:1'],
      { encoding: 'buffer' },
    );
    expect(isSilent(readPcmWav(stdout)!)).toBe(true);
  });
});

describe('decodeAudio', () => {
  it('reads a WAV chunk exactly and other formats through ffmpeg, to the same length', async () => {
    const wav = readPcmWav(speech)!;
    expect(wav.duration).toBeCloseTo(await probeSeconds(speech), 3);
    for (const extension of ['ogg', 'flac', 'mp3']) {
      const decoded = await decodeAudio(await speechAs(speech, extension));
      expect(Math.abs(decoded.duration - wav.duration), extension).toBeLessThan(0.1);
      expect(isSilent(decoded), extension).toBe(false);
    }
  });
});

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
