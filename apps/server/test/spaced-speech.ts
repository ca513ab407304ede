import { concatSamples } from '../../web/src/lib/audio/concat-samples';
import { readPcmWav } from '../src/modules/transcription/audio/decode-audio';
import { encodeWav } from '../src/modules/transcription/audio/encode-wav';
import { speechWav } from './speech';

const RATE = 16_000;
// A word's edges: its first and last sample above -45 dBFS; espeak-ng pads each word with near-silence.
const EDGE_LEVEL = 32_768 * 10 ** (-45 / 20);

/** Where one word lies in the file, in seconds, and which utterance it belongs to (from 0). */
export interface SpacedWord {
  text: string;
  utterance: number;
  start: number;
  end: number;
}

/** The silences around the words, in seconds. */
export interface SpacingOptions {
  betweenWords?: number;
  betweenUtterances?: number;
  /** Before the first word; with `atEnd`, what the gap between the last word and the first is when the file loops. */
  atStart?: number;
  atEnd?: number;
}

/**
 * Utterances of pt-BR words (espeak-ng, each word rendered alone and trimmed to its sound) as one 16 kHz mono
 * 16-bit WAV, with each word's place in it: a test knows when every word was said. Each word's speech is made
 * once per test run (speech.ts); joining them is arithmetic.
 */
export async function spacedSpeech(
  utterances: string[][],
  { betweenWords = 0.35, betweenUtterances = 1.6, atStart = 1.0, atEnd = 1.6 }: SpacingOptions = {},
): Promise<{ wav: Buffer; words: SpacedWord[]; seconds: number }> {
  const sounds = await Promise.all(utterances.map((texts) => Promise.all(texts.map(trimmedWord))));
  const pieces: Float32Array[] = [];
  const words: SpacedWord[] = [];
  let length = 0;
  const add = (piece: Float32Array) => {
    pieces.push(piece);
    length += piece.length;
  };
  add(silence(atStart));
  for (const [utterance, texts] of utterances.entries()) {
    if (utterance > 0) add(silence(betweenUtterances));
    for (const [index, text] of texts.entries()) {
      if (index > 0) add(silence(betweenWords));
      const start = length / RATE;
      add(sounds[utterance]![index]!);
      words.push({ text, utterance, start, end: length / RATE });
    }
  }
  add(silence(atEnd));
  return { wav: encodeWav(concatSamples(pieces), RATE), words, seconds: length / RATE };
}

/** The word's samples, from its first sample above EDGE_LEVEL to its last, in [-1, 1]. */
async function trimmedWord(text: string): Promise<Float32Array> {
  const { samples } = readPcmWav(await speechWav(text))!;
  const isSound = (sample: number) => Math.abs(sample) > EDGE_LEVEL;
  const first = samples.findIndex(isSound);
  const last = samples.findLastIndex(isSound);
  if (first < 0) throw new Error(`espeak-ng said nothing for "${text}"`);
  return Float32Array.from(samples.subarray(first, last + 1), (sample) => sample / 32_768);
}

function silence(seconds: number): Float32Array {
  return new Float32Array(Math.round(seconds * RATE));
}
