import { concatSamples } from './concat-samples';
import { CHUNK_SAMPLE_RATE } from './wav';

/** Silero VAD's window at 16 kHz: one speech probability per 32 ms. */
export const VAD_WINDOW = 512;

/** A chunk of one or more utterances, and the silence heard and not sent just before it. */
export interface UtteranceChunk {
  samples: Float32Array;
  silenceBeforeSeconds: number;
}

export interface UtteranceChunkerOptions {
  /** A chunk shorter than this goes on past a pause (Whisper reads little in a short chunk)… */
  minSeconds?: number;
  /** …and one this long with no pause is cut at its least speech-like window since `minSeconds`. */
  maxSeconds?: number;
  /** The first chunk ends by this, so the first line shows within 4 s of the recording's start (issues 18, 34). */
  firstMaxSeconds?: number;
  /** Silero's own thresholds: speech starts at this probability… */
  speechProbability?: number;
  /** …and a pause is a run of windows under this one. */
  pauseProbability?: number;
  /** How long a pause must last to end an utterance, not a breath between words… */
  pauseSeconds?: number;
  /** …and to end the first chunk, shorter so its line comes sooner (a comma's pause, still not a word's gap). */
  firstPauseSeconds?: number;
  /** Audio kept before the first speech window and after the last, so a word's quiet edges are not cut. */
  padSeconds?: number;
  /** A chunk with less speech than this is a cough or a click: it is not sent, its time counts as silence. */
  minSpeechSeconds?: number;
}

const WINDOW_SECONDS = VAD_WINDOW / CHUNK_SAMPLE_RATE;

/**
 * Cuts the recording into chunks of whole utterances from a voice activity detector's decisions (issue 34):
 * a chunk ends at a pause it hears once it lasts `minSeconds`, never past `maxSeconds` (the first one never past
 * `firstMaxSeconds`); stretches without
 * speech are not sent, and their length goes with the next chunk (`silenceBeforeSeconds`) so the transcript's
 * timeline still counts them. Pure: 32 ms windows with their speech probability in, chunks out.
 */
export function createUtteranceChunker(options: UtteranceChunkerOptions = {}) {
  const windows = (seconds: number) => Math.max(1, Math.round(seconds / WINDOW_SECONDS));
  const minWindows = windows(options.minSeconds ?? 2);
  const maxWindows = windows(options.maxSeconds ?? 15);
  const firstMaxWindows = windows(options.firstMaxSeconds ?? 3.5);
  const pauseWindows = windows(options.pauseSeconds ?? 0.5);
  const firstPauseWindows = windows(options.firstPauseSeconds ?? 0.3);
  const padWindows = windows(options.padSeconds ?? 0.3);
  const minSpeechWindows = windows(options.minSpeechSeconds ?? 0.25);
  const speechProbability = options.speechProbability ?? 0.5;
  const pauseProbability = options.pauseProbability ?? 0.35;

  // The utterance being gathered (empty while silent), each window with its probability.
  let chunk: Float32Array[] = [];
  let probabilities: number[] = [];
  let speechWindows = 0;
  let quietRun = 0;
  // Silence not sent since the last chunk, and its last windows, kept to lead into the next one.
  let silentWindows = 0;
  let lead: Float32Array[] = [];
  let hasSentChunk = false;

  function startChunk(): void {
    const kept = lead.slice(-padWindows);
    chunk = [...kept];
    probabilities = kept.map(() => 0);
    silentWindows -= kept.length;
    lead = [];
    speechWindows = 0;
    quietRun = 0;
  }

  /** Ends the chunk after its first `length` windows; the rest starts over as silence or as the next chunk. */
  function cut(length: number, isSpeechGoingOn: boolean): UtteranceChunk | undefined {
    const taken = chunk.slice(0, length);
    const rest = chunk.slice(length);
    const restProbabilities = probabilities.slice(length);
    const hasSpeech = speechWindows >= minSpeechWindows;
    const silenceBefore = silentWindows;
    chunk = [];
    probabilities = [];
    speechWindows = 0;
    quietRun = 0;
    if (!hasSpeech) {
      // A cough or a click: its time counts as silence, its windows may lead into the next chunk.
      silentWindows += taken.length + rest.length;
      lead = [...taken, ...rest].slice(-padWindows);
      return undefined;
    }
    silentWindows = 0;
    hasSentChunk = true;
    if (isSpeechGoingOn) {
      chunk = rest;
      probabilities = restProbabilities;
      speechWindows = restProbabilities.filter((probability) => probability >= speechProbability).length;
    } else {
      silentWindows = rest.length;
      lead = rest.slice(-padWindows);
    }
    return { samples: concatSamples(taken), silenceBeforeSeconds: silenceBefore * WINDOW_SECONDS };
  }

  /** The least speech-like window between `minWindows` and the end: a cut there splits no word when it can. */
  function leastSpeechLike(): number {
    let best = minWindows;
    for (let index = minWindows; index < probabilities.length; index += 1) {
      if (probabilities[index]! <= probabilities[best]!) best = index;
    }
    return best;
  }

  return {
    /** One 32 ms window and its speech probability; answers the chunk it completes, if any. */
    push(window: Float32Array, probability: number): UtteranceChunk | undefined {
      if (chunk.length === 0) {
        if (probability < speechProbability) {
          silentWindows += 1;
          lead.push(window);
          if (lead.length > padWindows) lead.shift();
          return undefined;
        }
        startChunk();
      }
      chunk.push(window);
      probabilities.push(probability);
      if (probability >= speechProbability) speechWindows += 1;
      quietRun = probability < pauseProbability ? quietRun + 1 : 0;
      if (quietRun >= (hasSentChunk ? pauseWindows : firstPauseWindows) && chunk.length >= minWindows) {
        // The pause's start, plus its pad, but never under the shortest chunk.
        return cut(Math.max(minWindows, chunk.length - quietRun + padWindows), false);
      }
      if (chunk.length >= (hasSentChunk ? maxWindows : firstMaxWindows)) return cut(leastSpeechLike() + 1, true);
      return undefined;
    },
    /**
     * The utterance gathered so far (the recording paused or stopped), even under `minSeconds`; undefined when
     * there is none. The silence since the last chunk keeps counting towards the next one.
     */
    flush(): UtteranceChunk | undefined {
      if (chunk.length === 0) return undefined;
      return cut(Math.min(chunk.length, chunk.length - quietRun + padWindows), false);
    },
    /** Windows of the chunk being gathered (none while silent): where it started, counted back from now. */
    gatheredWindows: () => chunk.length,
    /** Seconds of silence heard and not sent since the last chunk. */
    silenceSeconds: () => silentWindows * WINDOW_SECONDS,
  };
}
