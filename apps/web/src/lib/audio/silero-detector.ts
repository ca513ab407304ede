import modelUrl from '@silero-vad-weights/silero_vad_16k_op15.onnx?url';
import wasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import { streamSileroVad, type SpeechDetector } from './silero-stream';

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
  return streamSileroVad(session, ort.Tensor);
}
