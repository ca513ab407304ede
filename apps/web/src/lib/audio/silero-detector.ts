import modelUrl from '@silero-vad-weights/silero_vad_16k_op15.onnx?url';
import wasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
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

/** Where the model and onnxruntime's WebAssembly are fetched from: Escriba's own build, never a CDN. */
export interface DetectorFiles {
  model: string;
  wasm: string;
}

export const DETECTOR_FILES: DetectorFiles = { model: modelUrl, wasm: wasmUrl };

/**
 * Loads Silero VAD (the 16 kHz model the server's speech gate runs) on onnxruntime-web's WebAssembly, one
 * thread on the page (a window takes well under a millisecond). Rejects where it cannot run (no
 * WebAssembly, a file that does not load); the recorder then cuts chunks by loudness as before.
 */
export async function loadSpeechDetector(files: DetectorFiles = DETECTOR_FILES): Promise<SpeechDetector> {
  if (typeof WebAssembly !== 'object') throw new Error('WebAssembly is not available');
  const ort = await import('onnxruntime-web/wasm');
  ort.env.wasm.wasmPaths = { wasm: files.wasm };
  // One thread needs no cross-origin isolation; no proxy worker keeps the page's CSP as it is.
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.proxy = false;
  const session = await ort.InferenceSession.create(files.model, { executionProviders: ['wasm'] });
  const rate = new ort.Tensor('int64', BigInt64Array.from([16_000n]));
  let state = new Float32Array(STATE_SIZE);
  let context = new Float32Array(CONTEXT);
  // One window at a time: each depends on the state the one before left.
  let running: Promise<unknown> = Promise.resolve();

  async function run(window: Float32Array): Promise<number> {
    const input = new Float32Array(CONTEXT + VAD_WINDOW);
    input.set(context);
    input.set(window.subarray(0, VAD_WINDOW), CONTEXT);
    const output: InferenceSession.OnnxValueMapType = await session.run({
      input: new ort.Tensor('float32', input, [1, CONTEXT + VAD_WINDOW]),
      state: new ort.Tensor('float32', state, [2, 1, 128]),
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
