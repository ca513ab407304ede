import { describe, expect, it } from 'vitest';
import { noiseChunk, speechChunk } from '../../../../test/noisy-audio';
import { conditionAudio } from './condition-audio';
import { readPcmWav } from './decode-audio';
import { SileroVad } from './silero-vad';
import { VAD_SAMPLE_RATE } from './voice-activity';

const SENTENCE = 'Estou com dor de cabeça há três dias.';

describe('SileroVad', () => {
  it('gives chunks read side by side, leaving the batch at different windows, what each gets alone', async () => {
    const wavs = await Promise.all([
      speechChunk(SENTENCE, -25),
      speechChunk(SENTENCE, -45, { kind: 'pink-noise', dbfs: -55 }),
      noiseChunk('room-tone'),
    ]);
    const chunks = wavs.map((wav) => conditionAudio(readPcmWav(wav)!.samples, VAD_SAMPLE_RATE));
    const windows = [156, 100, 40];
    const detector = new SileroVad();
    const alone: Float32Array[] = [];
    for (const [index, samples] of chunks.entries()) {
      alone.push(await detector.speechProbabilities(samples, windows[index]!));
    }
    expect(Math.max(...alone[0]!)).toBeGreaterThan(0.9);
    const together = await Promise.all(
      chunks.map((samples, index) => detector.speechProbabilities(samples, windows[index]!)),
    );
    expect(together).toEqual(alone);
  });

  it('refuses windows past the end of the samples', async () => {
    await expect(new SileroVad().speechProbabilities(new Float32Array(1000), 2)).rejects.toThrow(RangeError);
  });
});
