import { describe, expect, it } from 'vitest';
import { readPcmWav } from '../src/modules/transcription/audio/decode-audio';
import { pcm16At24k, REALTIME_SAMPLE_RATE } from '../src/providers/asr/pcm16-at-24k';
import { hearWords } from './heard-words';
import { spacedSpeech, type SpacedWord } from './spaced-speech';

const UTTERANCES = [
  ['a', 'dor', 'começou'],
  ['tomo', 'dipirona'],
];
const BYTES_PER_SECOND = REALTIME_SAMPLE_RATE * 2;
// The utterance chunker keeps this much quiet before and after an utterance's speech (its padSeconds).
const PAD_SECONDS = 0.3;

/** The bytes of 24 kHz PCM16 from `start` to `end` seconds. */
const slice = (pcm: Buffer, start: number, end: number) =>
  pcm.subarray(Math.round(start * REALTIME_SAMPLE_RATE) * 2, Math.round(end * REALTIME_SAMPLE_RATE) * 2);

async function spokenPcm(utterances: string[][]): Promise<{ pcm: Buffer; words: SpacedWord[] }> {
  const { wav, words } = await spacedSpeech(utterances);
  return { pcm: pcm16At24k(readPcmWav(wav)!), words };
}

/** Heard words per commit, the pieces of each connection committed in turn. */
function hear(words: string[], connections: Buffer[][]): string[][][] {
  const behave = hearWords(words);
  const heard: string[][][] = connections.map(() => []);
  let index = 0;
  for (let piece = 0; piece < Math.max(...connections.map((pieces) => pieces.length)); piece++) {
    for (const [connection, pieces] of connections.entries()) {
      if (piece >= pieces.length) continue;
      heard[connection]!.push(behave({ index: index++, connection, audio: pieces[piece]! }).words ?? []);
    }
  }
  return heard;
}

describe('hearWords', () => {
  it('hears each spoken word once, in order, in the commit where its burst of speech ended', async () => {
    const { pcm, words } = await spokenPcm(UTTERANCES);
    const texts = words.map((word) => word.text);
    // Half-second pieces on one connection, pieces of 0.37 s on another: words straddle commits differently.
    const sizes = [0.5, 0.37];
    const pieces = sizes.map((seconds) =>
      Array.from({ length: Math.ceil(pcm.length / (seconds * BYTES_PER_SECOND)) }, (_, k) =>
        slice(pcm, k * seconds, (k + 1) * seconds),
      ),
    );
    const heard = hear(texts, pieces);
    for (const [connection, seconds] of sizes.entries()) {
      expect(heard[connection]!.flat()).toEqual(texts);
      for (const [commit, commitWords] of heard[connection]!.entries()) {
        for (const text of commitWords) {
          const word = words.find((candidate) => candidate.text === text)!;
          // A burst ends 150 ms of quiet (8 frames of 20 ms) after its last loud frame, near the word's last sample.
          expect(commit * seconds, `${text} at ${connection}`).toBeLessThanOrEqual(word.end + 0.18);
          expect((commit + 1) * seconds, `${text} at ${connection}`).toBeGreaterThanOrEqual(word.end + 0.12);
        }
      }
    }
  });

  it('hears the words of one utterance per commit, the silence between utterances left out as chunks leave it', async () => {
    const { pcm, words } = await spokenPcm(UTTERANCES);
    const chunks = UTTERANCES.map((_, utterance) => {
      const own = words.filter((word) => word.utterance === utterance);
      return slice(pcm, own[0]!.start - PAD_SECONDS, own.at(-1)!.end + PAD_SECONDS);
    });
    const [heard] = hear(
      words.map((word) => word.text),
      [chunks],
    );
    expect(heard).toEqual(UTTERANCES);
  });

  it('counts a dip shorter than 150 ms inside a sound as one word, and no word for a click', () => {
    const length = (seconds: number) => Math.round(seconds * REALTIME_SAMPLE_RATE);
    const tone = (seconds: number) =>
      Buffer.from(Int16Array.from({ length: length(seconds) }, (_, k) => 8_000 * Math.sin(k / 5)).buffer);
    const quiet = (seconds: number) => Buffer.alloc(length(seconds) * 2);
    const stream = [tone(0.04), quiet(0.4), tone(0.3), quiet(0.12), tone(0.3), quiet(0.3), tone(0.1), quiet(0.2)];
    // Committed in thirds of 0.6 s: the first sound's burst goes on past the first commit and ends in the third.
    const all = Buffer.concat(stream);
    const [heard] = hear(['um', 'dois', 'três'], [[0, 1, 2].map((k) => slice(all, k * 0.6, (k + 1) * 0.6))]);
    expect(heard).toEqual([[], [], ['um', 'dois']]);
  });
});
