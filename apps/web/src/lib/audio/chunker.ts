import { CHUNK_SAMPLE_RATE } from './wav';

export interface ChunkerOptions {
  sampleRate?: number;
  /** Before this a pause does not end a chunk: shorter chunks cost more requests and give Whisper less context. */
  minSeconds?: number;
  /** From here on, the first pause ends the chunk. */
  targetSeconds?: number;
  /** No pause by now: the chunk ends at the quietest moment since `minSeconds`. */
  maxSeconds?: number;
  /** The first chunk is cut sooner, so the first line shows soon after recording starts: at the first pause past this… */
  firstMinSeconds?: number;
  /** …or, with no pause, at the quietest moment before this. */
  firstMaxSeconds?: number;
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
 * so a word is split only when the speaker never paused at all. The first chunk is shorter, 3–6 s (issue
 * 18): any pause past `firstMinSeconds` ends it. Pure: samples in, chunks out. Since issue 34 the recorder
 * cuts at the utterances its voice activity detector hears (utterance-chunker.ts); this chunker is its
 * fallback where the detector cannot load.
 */
export function createChunker(options: ChunkerOptions = {}) {
  const sampleRate = options.sampleRate ?? CHUNK_SAMPLE_RATE;
  const frame = Math.round(sampleRate * FRAME_SECONDS);
  const frames = (seconds: number) => Math.round(seconds / FRAME_SECONDS);
  const firstMinFrames = frames(options.firstMinSeconds ?? 3);
  const first = { min: firstMinFrames, target: firstMinFrames, max: frames(options.firstMaxSeconds ?? 6) };
  const later = {
    min: frames(options.minSeconds ?? 5),
    target: frames(options.targetSeconds ?? 7),
    max: frames(options.maxSeconds ?? 10),
  };
  const pauseFrames = Math.max(1, Math.round((options.pauseSeconds ?? 0.3) / FRAME_SECONDS));
  const silenceRms = options.silenceRms ?? 0.01;

  let hasCut = false;
  let buffered = new Float32Array(0);
  // RMS of each whole frame of `buffered`.
  let energies: number[] = [];

  function cutAt(frameIndex: number): Float32Array {
    const chunk = buffered.slice(0, frameIndex * frame);
    hasCut = true;
    buffered = buffered.slice(frameIndex * frame);
    energies = energies.slice(frameIndex);
    return chunk;
  }

  /** Where to cut now, in frames, or undefined to wait for more audio. */
  function findCut(): number | undefined {
    const { min, target, max } = hasCut ? later : first;
    let quietRun = 0;
    for (let index = 0; index < energies.length; index += 1) {
      quietRun = energies[index]! < silenceRms ? quietRun + 1 : 0;
      // Cut in the middle of the pause so far, leaving some quiet on both sides of the cut, never before `min`.
      if (index + 1 >= min && quietRun >= (index + 1 >= target ? pauseFrames : pauseFrames * 2)) {
        return Math.max(min, index + 1 - Math.floor(quietRun / 2));
      }
      if (index + 1 >= max) return quietestFrame(min, max) + 1;
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
      hasCut ||= rest.length > 0;
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
