import { describe, expect, it } from 'vitest';
import { conditionAudio } from './condition-audio';

const RATE = 16_000;

function sine(hz: number, amplitude: number, offset = 0): Int16Array {
  return Int16Array.from(
    { length: RATE },
    (_, index) => 32_768 * (offset + amplitude * Math.sin((2 * Math.PI * hz * index) / RATE)),
  );
}

/** RMS of the second half, once the filter has settled. */
function settledRms(samples: Float32Array): number {
  const half = samples.subarray(samples.length / 2);
  return Math.sqrt(half.reduce((sum, sample) => sum + sample * sample, 0) / half.length);
}

describe('conditionAudio', () => {
  it('removes a DC offset without ringing at the start', () => {
    const offset = conditionAudio(new Int16Array(RATE).fill(3_277), RATE);
    expect(Math.max(...offset.map(Math.abs))).toBeLessThan(1e-4);
  });

  it('takes 60 Hz hum down by about 10 dB and leaves the voice band as it was', () => {
    const amplitude = 0.25;
    const rmsIn = amplitude / Math.SQRT2;
    expect(20 * Math.log10(settledRms(conditionAudio(sine(60, amplitude, 0.1), RATE)) / rmsIn)).toBeLessThan(-9);
    expect(20 * Math.log10(settledRms(conditionAudio(sine(300, amplitude), RATE)) / rmsIn)).toBeGreaterThan(-0.5);
  });
});
