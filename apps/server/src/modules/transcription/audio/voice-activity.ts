/** Silero VAD's window at 16 kHz: one speech probability per 32 ms. */
export const VAD_WINDOW = 512;
export const VAD_SAMPLE_RATE = 16_000;

/** Speech probabilities of 16 kHz audio, window by window (Silero VAD). */
export interface VoiceActivityDetector {
  /**
   * The probability that each of the first `windows` 32 ms windows of `samples` is speech. The samples are
   * read in place and must stay unchanged until the answer.
   */
  speechProbabilities(samples: Float32Array, windows: number): Promise<Float32Array>;
}
