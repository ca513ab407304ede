import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { cachedFile } from './file-cache';

const run = promisify(execFile);

/**
 * Brazilian Portuguese speech from Debian's espeak-ng, as 16 kHz mono 16-bit WAV (what the recorder sends).
 * Each sound here is made once per test run (test/file-cache.ts).
 */
export function speechWav(text: string): Promise<Buffer> {
  return cachedFile(['speech.wav', text], () =>
    withFolder(async (folder) => {
      const raw = path.join(folder, 'raw.wav');
      await run('espeak-ng', ['-v', 'pt-br', '-w', raw, text]);
      return convert(['-i', raw], folder, 'wav');
    }),
  );
}

/** Real silence of the given length, in the same format. */
export function silentWav(seconds: number): Promise<Buffer> {
  return cachedFile(['silence.wav', String(seconds)], () =>
    withFolder((folder) =>
      convert(['-f', 'lavfi', '-i', `anullsrc=r=16000:cl=mono`, '-t', String(seconds)], folder, 'wav'),
    ),
  );
}

/** The same speech in another container and codec (ogg, mp3, flac, m4a, webm). */
export function speechAs(wav: Buffer, extension: string): Promise<Buffer> {
  return cachedFile(['speech-as', extension, wav], () =>
    withFolder(async (folder) => {
      const input = path.join(folder, 'in.wav');
      await writeFile(input, wav);
      return convert(['-i', input], folder, extension);
    }),
  );
}

async function convert(input: string[], folder: string, extension: string): Promise<Buffer> {
  const output = path.join(folder, `out.${extension}`);
  const format =
    extension === 'wav' ? ['-ar', '16000', '-ac', '1', '-sample_fmt', 's16'] : ['-ar', '16000', '-ac', '1'];
  await run('ffmpeg', ['-v', 'error', '-y', ...input, ...format, output]);
  return readFile(output);
}

async function withFolder<T>(work: (folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'escriba-speech-'));
  try {
    return await work(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
