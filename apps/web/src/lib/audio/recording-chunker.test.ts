import { describe, expect, it } from 'vitest';
import { createRecordingChunker, type RecordedChunk } from './recording-chunker';

/** Speech-like sound, then silence: the loudness chunker cuts at the pause past 3 s. */
function speechThenPause(): Float32Array {
  const samples = new Float32Array(16_000 * 5);
  for (let index = 0; index < 16_000 * 4; index += 1)
    samples[index] = 0.25 * Math.sin(index * 0.3) * Math.sin(index * 0.011);
  return samples;
}

describe('the recording chunker', () => {
  it('cuts by loudness, marking nothing, where the voice activity detector cannot load', async () => {
    const chunks: RecordedChunk[] = [];
    const chunker = await createRecordingChunker((chunk) => chunks.push(chunk), {
      load: () => Promise.reject(new Error('the model did not load')),
    });
    expect(chunker.kind).toBe('loudness');
    chunker.push(speechThenPause());
    await chunker.flush();
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.every((chunk) => chunk.isSpeech === undefined && chunk.silenceMs === undefined)).toBe(true);
  });

  it('cuts at utterances once the detector loads, after a failed load', async () => {
    const chunks: RecordedChunk[] = [];
    const voice = (onChunk: (chunk: RecordedChunk) => void) => ({
      kind: 'voice' as const,
      push: (samples: Float32Array) => onChunk({ samples, isSpeech: true, silenceMs: 0 }),
      flush: () => Promise.resolve(),
    });
    const chunker = await createRecordingChunker((chunk) => chunks.push(chunk), { load: () => Promise.resolve(voice) });
    expect(chunker.kind).toBe('voice');
    chunker.push(new Float32Array(512));
    expect(chunks).toEqual([{ samples: new Float32Array(512), isSpeech: true, silenceMs: 0 }]);
  });
});
