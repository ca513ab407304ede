/** Mono 16-bit samples at their rate. */
export interface Pcm16 {
  samples: Int16Array;
  sampleRate: number;
}

// What the Realtime API's `pcm16` input is: 24 kHz, mono, little-endian.
export const REALTIME_SAMPLE_RATE = 24_000;

/** The samples as the Realtime API takes them, resampled by linear interpolation (speech needs no better). */
export function pcm16At24k({ samples, sampleRate }: Pcm16): Buffer {
  const length = Math.floor((samples.length * REALTIME_SAMPLE_RATE) / sampleRate);
  const out = Buffer.alloc(length * 2);
  const step = sampleRate / REALTIME_SAMPLE_RATE;
  for (let index = 0; index < length; index++) {
    const position = index * step;
    const before = Math.floor(position);
    const after = Math.min(before + 1, samples.length - 1);
    const weight = position - before;
    out.writeInt16LE(Math.round(samples[before]! * (1 - weight) + samples[after]! * weight), index * 2);
  }
  return out;
}
