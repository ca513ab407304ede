import { describe, expect, it } from 'vitest';
import { createResampler } from './resample';

function sine(frequency: number, rate: number, seconds: number): Float32Array {
  return Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) =>
    Math.sin((2 * Math.PI * frequency * i) / rate),
  );
}

/** Amplitude of `frequency` in `samples` (one DFT bin). */
function amplitudeAt(samples: Float32Array, frequency: number, rate: number): number {
  let re = 0;
  let im = 0;
  samples.forEach((sample, i) => {
    re += sample * Math.cos((2 * Math.PI * frequency * i) / rate);
    im += sample * Math.sin((2 * Math.PI * frequency * i) / rate);
  });
  return (2 * Math.hypot(re, im)) / samples.length;
}

describe('createResampler', () => {
  it('turns one second at 48 kHz into one second at 16 kHz, keeping a speech tone', () => {
    const output = createResampler(48_000, 16_000)(sine(440, 48_000, 1));
    expect(Math.abs(output.length - 16_000)).toBeLessThanOrEqual(1);
    expect(amplitudeAt(output, 440, 16_000)).toBeGreaterThan(0.9);
  });

  it('gives the same samples whether the input comes whole or in 128-sample render quanta', () => {
    const input = sine(300, 44_100, 0.5);
    const whole = createResampler(44_100, 16_000)(input);
    const resample = createResampler(44_100, 16_000);
    const parts: number[] = [];
    for (let start = 0; start < input.length; start += 128) parts.push(...resample(input.subarray(start, start + 128)));
    expect(parts.length).toBe(whole.length);
    parts.forEach((sample, i) => expect(sample).toBeCloseTo(whole[i]!, 6));
  });

  it('damps a tone above the new Nyquist frequency instead of folding it into the speech band', () => {
    const output = createResampler(48_000, 16_000)(sine(12_000, 48_000, 1));
    // Without the low-pass, 12 kHz folds to 4 kHz at full amplitude.
    expect(amplitudeAt(output, 4_000, 16_000)).toBeLessThan(0.35);
  });

  it('passes 16 kHz through unchanged', () => {
    const input = sine(200, 16_000, 0.1);
    const output = createResampler(16_000, 16_000)(input);
    expect(output.length).toBe(input.length - 1);
    output.forEach((sample, i) => expect(sample).toBeCloseTo(input[i]!, 6));
  });
});
