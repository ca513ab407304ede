/**
 * A streaming resampler for one channel: blocks of any size go in at `fromRate`, samples come out at
 * `toRate`, continuous across blocks. Downsampling averages the input over one output period first
 * (a box low-pass), so speech above the new Nyquist frequency does not fold back as noise.
 */
export function createResampler(fromRate: number, toRate: number) {
  const step = fromRate / toRate;
  const window = step > 1 ? Math.ceil(step) : 1;
  // The last `window` filtered input samples, and where the next output falls, counted from the first of them.
  let history = new Float32Array(0);
  let position = 0;

  return (block: Float32Array): Float32Array => {
    const input = new Float32Array(history.length + block.length);
    input.set(history);
    input.set(block, history.length);
    const output: number[] = [];
    while (position + 1 < input.length) {
      const base = Math.floor(position);
      const fraction = position - base;
      const current = average(input, base, window);
      const next = average(input, base + 1, window);
      output.push(current + (next - current) * fraction);
      position += step;
    }
    // Keep what the next outputs still need: the filter window before the next position.
    const keepFrom = Math.max(0, Math.min(Math.floor(position) - window + 1, input.length));
    history = input.slice(keepFrom);
    position -= keepFrom;
    return Float32Array.from(output);
  };
}

/** The mean of the `window` samples ending at `end` (fewer at the very start). */
function average(samples: Float32Array, end: number, window: number): number {
  if (window === 1) return samples[end]!;
  const start = Math.max(0, end - window + 1);
  let sum = 0;
  for (let index = start; index <= end; index += 1) sum += samples[index]!;
  return sum / (end - start + 1);
}
