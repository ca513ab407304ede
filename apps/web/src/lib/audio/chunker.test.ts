import { describe, expect, it } from 'vitest';
import { createChunker, rms } from './chunker';
import { concatSamples } from './concat-samples';

const RATE = 16_000;

/** Speech-like noise (about -15 dBFS) and silence, by seconds. */
function speech(seconds: number): Float32Array {
  return Float32Array.from(
    { length: Math.round(RATE * seconds) },
    (_, i) => 0.25 * Math.sin(i * 0.3) * Math.sin(i * 0.011),
  );
}
function silence(seconds: number): Float32Array {
  return new Float32Array(Math.round(RATE * seconds));
}

/** Pushes `audio` in 100 ms blocks (as the recorder does) and returns chunk lengths in seconds. */
function chunkSeconds(audio: Float32Array, options = {}): number[] {
  const chunker = createChunker(options);
  const chunks: Float32Array[] = [];
  for (let start = 0; start < audio.length; start += 1600)
    chunks.push(...chunker.push(audio.subarray(start, start + 1600)));
  return chunks.map((chunk) => chunk.length / RATE);
}

// A first chunk of its own (cut in a pause at about 3.2 s), so the audio after it is cut as later chunks are.
const join = (...parts: Float32Array[]) => concatSamples(parts);
const OPENING = join(speech(3), silence(0.6));

/** The chunks `audio` makes once the first chunk is cut: the second's length counts from `audio`'s start. */
function laterChunkSeconds(audio: Float32Array): number[] {
  const [first = 0, ...later] = chunkSeconds(join(OPENING, audio));
  const openingLeft = OPENING.length / RATE - first;
  return later.map((seconds, index) => (index === 0 ? seconds - openingLeft : seconds));
}

describe('createChunker: the first chunk', () => {
  it('ends at the first pause past 3 s, even a short one', () => {
    const [first] = chunkSeconds(join(speech(3.4), silence(0.35), speech(8)));
    expect(first).toBeGreaterThanOrEqual(3.4);
    expect(first).toBeLessThanOrEqual(3.75);
  });

  it('is never shorter than 3 s, even when a pause straddles it', () => {
    const [first] = chunkSeconds(join(speech(2.8), silence(0.5), speech(8)));
    expect(first).toBeGreaterThanOrEqual(3);
    expect(first).toBeLessThan(3.3);
  });

  it('is cut by 6 s at the quietest moment when nobody paused', () => {
    const soft = speech(0.1).map((sample) => sample * 0.2);
    const [first] = chunkSeconds(join(speech(4.5), soft, speech(6)));
    expect(first).toBeGreaterThanOrEqual(4.5);
    expect(first).toBeLessThanOrEqual(4.6);
    const [unbroken = 0] = chunkSeconds(speech(6.5));
    expect(unbroken).toBeGreaterThanOrEqual(3);
    expect(unbroken).toBeLessThanOrEqual(6);
  });
});

describe('createChunker: the chunks after the first', () => {
  it('are as long as before: 3 s of speech with a pause is no longer a chunk', () => {
    expect(laterChunkSeconds(join(speech(3.4), silence(0.35), speech(2)))).toEqual([]);
  });

  it('cuts in the middle of the first pause after the target length', () => {
    // Words until 7.5 s, a 0.4 s pause, more words.
    const seconds = laterChunkSeconds(join(speech(7.5), silence(0.4), speech(4)));
    expect(seconds).toHaveLength(1);
    expect(seconds[0]).toBeGreaterThanOrEqual(7.6);
    expect(seconds[0]).toBeLessThanOrEqual(7.8);
  });

  it('ignores short pauses before the target and any pause before the minimum', () => {
    // A long pause at 3 s (too early) and a short one at 6 s (not long enough before 7 s), then one at 8 s.
    const audio = join(speech(3), silence(1), speech(2), silence(0.35), speech(2), silence(0.5), speech(3));
    const [first] = laterChunkSeconds(audio);
    expect(first).toBeGreaterThan(8.35);
    expect(first).toBeLessThan(8.9);
  });

  it('takes a long pause between the minimum and the target', () => {
    const [first] = laterChunkSeconds(join(speech(5.5), silence(0.8), speech(5)));
    expect(first).toBeGreaterThan(5.5);
    expect(first).toBeLessThan(6.3);
  });

  it('never lets a chunk pass 10 s, cutting at the quietest moment when nobody paused', () => {
    // A softer syllable at 8 s is the best place to cut in 12 s of unbroken speech.
    const soft = speech(0.1).map((sample) => sample * 0.2);
    const seconds = laterChunkSeconds(join(speech(8), soft, speech(4)));
    expect(seconds[0]).toBeGreaterThanOrEqual(8);
    expect(seconds[0]).toBeLessThanOrEqual(8.1);
    expect(chunkSeconds(speech(25)).every((length) => length <= 10)).toBe(true);
  });

  it('loses no sample: the chunks and what is flushed add up to the input', () => {
    const audio = join(speech(7.2), silence(0.5), speech(9), silence(1), speech(12), silence(0.2));
    const chunker = createChunker();
    const out = [...chunker.push(audio), chunker.flush()];
    expect(out.reduce((total, chunk) => total + chunk.length, 0)).toBe(audio.length);
    expect(join(...out).every((sample, i) => sample === audio[i])).toBe(true);
    expect(chunker.flush()).toHaveLength(0);
  });

  it('reads loudness as root mean square', () => {
    expect(rms(Float32Array.from([0.5, -0.5, 0.5, -0.5]))).toBeCloseTo(0.5);
    expect(rms(new Float32Array(0))).toBe(0);
  });
});
