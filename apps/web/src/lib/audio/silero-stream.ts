import type { InferenceSession, Tensor } from 'onnxruntime-web';
import { VAD_WINDOW } from './utterance-chunker';

// The model sees the end of the previous window before each one (Silero's own streaming, as the server's
// silero-vad.ts does), and keeps a recurrent state of two layers of 128, shaped [2, 1, 128].
const CONTEXT = 64;
const STATE_SIZE = 2 * 128;

/** Speech probabilities of a 16 kHz stream, window by window: Silero VAD in the browser. */
export interface SpeechDetector {
  /** The probability that the next 32 ms window (VAD_WINDOW samples, in order) is speech. */
  probability(window: Float32Array): Promise<number>;
  /** Forgets the stream so far: what comes next is a new recording. */
  reset(): void;
}

/**
 * A stream's speech probabilities from a loaded Silero VAD session: each window after the end of the one before
 * (its context) and the recurrent state it left. Any onnxruntime's session and Tensor (the bench runs it on Node's).
 */
export function streamSileroVad(session: InferenceSession, TensorOf: typeof Tensor): SpeechDetector {
  const rate = new TensorOf('int64', BigInt64Array.from([16_000n]));
  let state = new Float32Array(STATE_SIZE);
  let context = new Float32Array(CONTEXT);
  // One window at a time: each depends on the state the one before left.
  let running: Promise<unknown> = Promise.resolve();

  async function run(window: Float32Array): Promise<number> {
    const input = new Float32Array(CONTEXT + VAD_WINDOW);
    input.set(context);
    input.set(window.subarray(0, VAD_WINDOW), CONTEXT);
    const output: InferenceSession.OnnxValueMapType = await session.run({
      input: new TensorOf('float32', input, [1, CONTEXT + VAD_WINDOW]),
      state: new TensorOf('float32', state, [2, 1, 128]),
      sr: rate,
    });
    state = Float32Array.from((output.stateN as Tensor).data as Float32Array);
    context = input.slice(VAD_WINDOW);
    return ((output.output as Tensor).data as Float32Array)[0]!;
  }

  return {
    probability(window) {
      const next = running.then(() => run(window));
      running = next.catch(() => undefined);
      return next;
    },
    reset() {
      state = new Float32Array(STATE_SIZE);
      context = new Float32Array(CONTEXT);
    },
  };
}
