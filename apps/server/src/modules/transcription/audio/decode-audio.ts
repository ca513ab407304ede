import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const DECODE_SAMPLE_RATE = 16_000;

/**
 * Mono 16-bit samples of a chunk and its exact length in seconds. The samples are in shared memory: the speech
 * gate's threads read them where they are (voice-activity-pool.ts).
 */
export interface DecodedAudio {
  samples: Int16Array;
  sampleRate: number;
  duration: number;
}

/** The chunk's audio is corrupt: decoding it again cannot succeed. */
export class AudioDecodeError extends Error {}

/**
 * Decodes a chunk to 16 kHz mono: 16-bit PCM WAV at 16 kHz (what the recorder sends) is read
 * directly; every other format or rate goes through Debian's ffmpeg, from a file because M4A keeps
 * its index at the end.
 */
export async function decodeAudio(data: Buffer): Promise<DecodedAudio> {
  const wav = readPcmWav(data);
  return wav?.sampleRate === DECODE_SAMPLE_RATE ? wav : await decodeWithFfmpeg(data);
}

/** The first channel of a 16-bit PCM WAV file, or undefined for any other file. */
export function readPcmWav(data: Buffer): DecodedAudio | undefined {
  if (data.length < 12 || data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WAVE') {
    return undefined;
  }
  let format: { channels: number; sampleRate: number } | undefined;
  for (let offset = 12; offset + 8 <= data.length;) {
    const id = data.toString('latin1', offset, offset + 4);
    const size = data.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      const isPcm16 = data.readUInt16LE(body) === 1 && data.readUInt16LE(body + 14) === 16;
      if (!isPcm16) return undefined;
      format = { channels: data.readUInt16LE(body + 2), sampleRate: data.readUInt32LE(body + 4) };
    } else if (id === 'data' && format) {
      // A streamed WAV may leave the size unset (0 or 0xFFFFFFFF): the data runs to the end.
      const end = size === 0 || body + size > data.length ? data.length : body + size;
      const frames = Math.floor((end - body) / (2 * format.channels));
      const samples = firstChannel(data, body, frames, format.channels);
      return { samples, sampleRate: format.sampleRate, duration: frames / format.sampleRate };
    }
    offset = body + size + (size % 2);
  }
  return undefined;
}

function firstChannel(data: Buffer, start: number, frames: number, channels: number): Int16Array {
  const samples = sharedSamples(frames);
  // Mono on a little-endian machine (every one we run on) is the file's own bytes, copied at once.
  if (channels === 1 && os.endianness() === 'LE') {
    new Uint8Array(samples.buffer).set(data.subarray(start, start + frames * 2));
    return samples;
  }
  for (let frame = 0; frame < frames; frame += 1) samples[frame] = data.readInt16LE(start + frame * 2 * channels);
  return samples;
}

async function decodeWithFfmpeg(data: Buffer): Promise<DecodedAudio> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'escriba-audio-'));
  try {
    const input = path.join(folder, 'chunk');
    await writeFile(input, data);
    const { stdout } = await run(
      'ffmpeg',
      ['-v', 'error', '-i', input, '-f', 's16le', '-ac', '1', '-ar', String(DECODE_SAMPLE_RATE), 'pipe:1'],
      { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
    ).catch((error: Error & { code?: unknown }) => {
      // ffmpeg ran and rejected the data (an exit code); a missing ffmpeg (ENOENT) is the server's
      // problem, not the chunk's, and stays an ordinary error to be retried.
      if (typeof error.code === 'number') throw new AudioDecodeError('ffmpeg could not decode the chunk');
      throw error;
    });
    const samples = sharedSamples(Math.floor(stdout.length / 2));
    new Uint8Array(samples.buffer).set(stdout.subarray(0, samples.length * 2));
    return { samples, sampleRate: DECODE_SAMPLE_RATE, duration: samples.length / DECODE_SAMPLE_RATE };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function sharedSamples(length: number): Int16Array {
  return new Int16Array(new SharedArrayBuffer(length * Int16Array.BYTES_PER_ELEMENT));
}
