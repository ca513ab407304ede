// Below the lowest voice (a man's fundamental starts near 85 Hz) is only rumble, mains hum and the
// recorder's DC offset.
const HIGH_PASS_HZ = 80;
// A fourth-order Butterworth high-pass as two biquads (the Q of each pole pair), steep enough to
// take 60 Hz hum down by about 10 dB.
const BUTTERWORTH_Q = [0.5412, 1.3066];

/**
 * The samples as floats in [-1, 1], their mean (the DC offset) removed and high-passed at 80 Hz.
 * The mean goes first so the filter does not ring at the start of an offset recording.
 */
export function conditionAudio(samples: Int16Array, sampleRate: number): Float32Array {
  const output = new Float32Array(samples.length);
  let sum = 0;
  for (const sample of samples) sum += sample;
  const mean = samples.length ? sum / samples.length : 0;
  for (let index = 0; index < samples.length; index += 1) output[index] = (samples[index]! - mean) / 32_768;
  for (const q of BUTTERWORTH_Q) highPass(output, sampleRate, q);
  return output;
}

/** A biquad high-pass (the Audio EQ Cookbook's), in place. */
function highPass(signal: Float32Array, sampleRate: number, q: number): void {
  const omega = (2 * Math.PI * HIGH_PASS_HZ) / sampleRate;
  const alpha = Math.sin(omega) / (2 * q);
  const cos = Math.cos(omega);
  const a0 = 1 + alpha;
  const b0 = (1 + cos) / 2 / a0;
  const b1 = -(1 + cos) / a0;
  const a1 = (-2 * cos) / a0;
  const a2 = (1 - alpha) / a0;
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let index = 0; index < signal.length; index += 1) {
    const x = signal[index]!;
    const y = b0 * x + b1 * x1 + b0 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    signal[index] = y;
  }
}
