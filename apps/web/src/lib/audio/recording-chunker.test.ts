import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  createRecordingChunker as CreateRecordingChunker,
  RecordedChunk,
  VoiceChunkerFactory,
} from './recording-chunker';

/** Speech-like sound, then silence: the loudness chunker cuts at the pause past 3 s. */
function speechThenPause(): Float32Array {
  const samples = new Float32Array(16_000 * 5);
  for (let index = 0; index < 16_000 * 4; index += 1)
    samples[index] = 0.25 * Math.sin(index * 0.3) * Math.sin(index * 0.011);
  return samples;
}

/** A detector's chunker that sends each push whole, marked as speech. */
const voice: VoiceChunkerFactory = (onChunk) => ({
  push: (samples) => onChunk({ samples, isSpeech: true, silenceMs: 0 }),
  flush: () => Promise.resolve(),
});

// The detector is loaded once per page: each test is a new page.
let createRecordingChunker: typeof CreateRecordingChunker;
beforeEach(async () => {
  vi.resetModules();
  ({ createRecordingChunker } = await import('./recording-chunker'));
});

describe('the recording chunker', () => {
  it('cuts by loudness, marking nothing, where the voice activity detector cannot load', async () => {
    const chunks: RecordedChunk[] = [];
    const chunker = await createRecordingChunker((chunk) => chunks.push(chunk), {
      load: () => Promise.reject(new Error('the model did not load')),
    });
    chunker.push(speechThenPause());
    await chunker.flush();
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.every((chunk) => chunk.isSpeech === undefined && chunk.silenceMs === undefined)).toBe(true);
  });

  it('starts once the detector is ready, within its wait for it', async () => {
    const chunks: RecordedChunk[] = [];
    const chunker = await createRecordingChunker((chunk) => chunks.push(chunk), {
      load: () => new Promise((resolve) => setTimeout(() => resolve(voice), 30)),
    });
    chunker.push(new Float32Array(512));
    expect(chunks).toHaveLength(1);
  });

  it('past its start wait, holds what is captured while the detector loads, then cuts it at utterances', async () => {
    const chunks: RecordedChunk[] = [];
    let loaded!: (factory: VoiceChunkerFactory) => void;
    const chunker = await createRecordingChunker((chunk) => chunks.push(chunk), {
      load: () => new Promise((resolve) => (loaded = resolve)),
      startWaitMs: 10,
    });
    const first = new Float32Array(512).fill(0.1);
    const second = new Float32Array(512).fill(0.2);
    chunker.push(first);
    chunker.push(second);
    expect(chunks).toEqual([]);
    loaded(voice);
    await chunker.flush();
    const third = new Float32Array(512).fill(0.3);
    chunker.push(third);
    expect(chunks.map((chunk) => chunk.samples)).toEqual([first, second, third]);
    expect(chunks.every((chunk) => chunk.isSpeech)).toBe(true);
  });

  it('past its wait for the detector, cuts what it held and what follows by loudness', async () => {
    const chunks: RecordedChunk[] = [];
    const chunker = await createRecordingChunker((chunk) => chunks.push(chunk), {
      load: () => new Promise<never>(() => undefined),
      startWaitMs: 10,
      waitMs: 20,
    });
    chunker.push(speechThenPause());
    await chunker.flush();
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.every((chunk) => chunk.isSpeech === undefined)).toBe(true);
  });

  it('loads the detector again at the next recording after a failed load', async () => {
    const chunks: RecordedChunk[] = [];
    const failed = await createRecordingChunker(() => undefined, { load: () => Promise.reject(new Error('offline')) });
    await failed.flush();
    const chunker = await createRecordingChunker((chunk) => chunks.push(chunk), { load: () => Promise.resolve(voice) });
    chunker.push(new Float32Array(512));
    await chunker.flush();
    expect(chunks).toEqual([{ samples: new Float32Array(512), isSpeech: true, silenceMs: 0 }]);
  });
});
