import { CHUNK_SAMPLE_RATE } from './wav';

export interface ChunkerOptions {
  sampleRate?: number;
  /** Before this a pause does not end a chunk: shorter chunks cost more requests and give Whisper less context. */
  minSeconds?: number;
  /** From here on, the first pause ends the chunk. */
  targetSeconds?: number;
  /** No pause by now: the chunk ends at the quietest moment since `minSeconds`. */
  maxSeconds?: number;
  /** A frame quieter than this RMS (of full scale) is a pause; -40 dBFS, the server's speech threshold too. */
  silenceRms?: number;
  /** How long a quiet stretch must last to be a pause between words, not a consonant. */
  pauseSeconds?: number;
}

const FRAME_SECONDS = 0.02;

/**
 * Cuts a continuous 16 kHz stream into chunks of about 5–10 s at pauses in speech (issue 9): past
 * `targetSeconds` a pause ends the chunk in its middle; between `minSeconds` and `targetSeconds` only a
 * long pause (twice `pauseSeconds`) does; at `maxSeconds` the quietest frame since `minSeconds` is the cut,
 * so a word is split only when the speaker never paused at all. Pure: samples in, chunks out.
 */
export function createChunker(options: ChunkerOptions = {}) {
  const sampleRate = options.sampleRate ?? CHUNK_SAMPLE_RATE;
  const frame = Math.round(sampleRate * FRAME_SECONDS);
  const minFrames = Math.round((options.minSeconds ?? 5) / FRAME_SECONDS);
  const targetFrames = Math.round((options.targetSeconds ?? 7) / FRAME_SECONDS);
  const maxFrames = Math.round((options.maxSeconds ?? 10) / FRAME_SECONDS);
  const pauseFrames = Math.max(1, Math.round((options.pauseSeconds ?? 0.3) / FRAME_SECONDS));
  const silenceRms = options.silenceRms ?? 0.01;

  let buffered = new Float32Array(0);
  // RMS of each whole frame of `buffered`.
  let energies: number[] = [];

  function cutAt(frameIndex: number): Float32Array {
    const chunk = buffered.slice(0, frameIndex * frame);
    buffered = buffered.slice(frameIndex * frame);
    energies = energies.slice(frameIndex);
    return chunk;
  }

  /** Where to cut now, in frames, or undefined to wait for more audio. */
  function findCut(): number | undefined {
    let quietRun = 0;
    for (let index = 0; index < energies.length; index += 1) {
      quietRun = energies[index]! < silenceRms ? quietRun + 1 : 0;
      // Cut in the middle of the pause so far, leaving some quiet on both sides of the cut.
      if (index + 1 >= minFrames && quietRun >= (index + 1 >= targetFrames ? pauseFrames : pauseFrames * 2)) {
        return index + 1 - Math.floor(quietRun / 2);
      }
      if (index + 1 >= maxFrames) return quietestFrame(minFrames, maxFrames) + 1;
    }
    return undefined;
  }

  function quietestFrame(from: number, to: number): number {
    let best = from;
    for (let index = from; index < to; index += 1) if (energies[index]! <= energies[best]!) best = index;
    return best;
  }

  return {
    /** Adds samples; returns the chunks they complete, in order (usually none or one). */
    push(samples: Float32Array): Float32Array[] {
      const joined = new Float32Array(buffered.length + samples.length);
      joined.set(buffered);
      joined.set(samples, buffered.length);
      buffered = joined;
      for (let start = energies.length * frame; start + frame <= buffered.length; start += frame) {
        energies.push(rms(buffered, start, frame));
      }
      const chunks: Float32Array[] = [];
      for (let cut = findCut(); cut !== undefined; cut = findCut()) chunks.push(cutAt(cut));
      return chunks;
    },
    /** The audio not yet in a chunk (the recording stopped or paused); empty when there is none. */
    flush(): Float32Array {
      const rest = buffered;
      buffered = new Float32Array(0);
      energies = [];
      return rest;
    },
    /** Seconds of audio waiting for a cut. */
    bufferedSeconds: () => buffered.length / sampleRate,
  };
}

/** Root mean square of `length` samples from `start`: the loudness a level meter and the pause gate read. */
export function rms(samples: Float32Array, start = 0, length = samples.length - start): number {
  let sum = 0;
  for (let index = start; index < start + length; index += 1) sum += samples[index]! ** 2;
  return length > 0 ? Math.sqrt(sum / length) : 0;
}
