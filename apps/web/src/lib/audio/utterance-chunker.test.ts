import { describe, expect, it } from 'vitest';
import { createUtteranceChunker, VAD_WINDOW, type UtteranceChunk } from './utterance-chunker';

const WINDOW_SECONDS = VAD_WINDOW / 16_000;

/** A script of the detector's decisions: [seconds, probability] stretches, each window marked with its place. */
function decisions(...stretches: [seconds: number, probability: number][]): { window: Float32Array; p: number }[] {
  const windows: { window: Float32Array; p: number }[] = [];
  for (const [seconds, p] of stretches) {
    for (let index = 0; index < Math.round(seconds / WINDOW_SECONDS); index += 1) {
      windows.push({ window: new Float32Array(VAD_WINDOW).fill(windows.length), p });
    }
  }
  return windows;
}

function run(script: { window: Float32Array; p: number }[], { isFlushed = true } = {}): UtteranceChunk[] {
  const chunker = createUtteranceChunker();
  const chunks = script.flatMap(({ window, p }) => chunker.push(window, p) ?? []);
  const rest = isFlushed ? chunker.flush() : undefined;
  return rest ? [...chunks, rest] : chunks;
}

const seconds = (chunk: UtteranceChunk) => chunk.samples.length / 16_000;
/** Which window of the script a chunk starts with. */
const firstWindow = (chunk: UtteranceChunk) => chunk.samples[0]!;

describe('the utterance chunker', () => {
  it('ends a chunk at a pause the detector hears, keeping a little of the pause', () => {
    const chunks = run(decisions([2.5, 0.9], [1, 0.05], [4, 0.9], [2, 0.05]));
    // 0.29 s (9 windows) of each pause stays with the speech beside it.
    expect(chunks.map(seconds).map((s) => s.toFixed(2))).toEqual(['2.78', '4.58']);
  });

  it('does not send a stretch without speech, but counts it before the next chunk', () => {
    const chunks = run(decisions([5, 0.02], [2.5, 0.9], [6, 0.01], [3, 0.9], [1, 0.01]));
    expect(chunks).toHaveLength(2);
    // A chunk takes 0.29 s of the silence before it, so a word's soft start is not cut, and 0.29 s after it.
    expect(chunks[0]!.silenceBeforeSeconds).toBeCloseTo(5 - 0.288, 1);
    expect(chunks[1]!.silenceBeforeSeconds).toBeCloseTo(6 - 2 * 0.288, 1);
    // Everything heard is either sent or counted as silence before a chunk (or still waiting at the end).
    const counted = chunks.reduce((total, chunk) => total + seconds(chunk) + chunk.silenceBeforeSeconds, 0);
    expect(counted).toBeGreaterThan(17 - 1);
    expect(counted).toBeLessThanOrEqual(18);
  });

  it('keeps a chunk going past a pause until it lasts 2 s', () => {
    const chunks = run(decisions([0.8, 0.9], [0.6, 0.05], [0.5, 0.9], [3, 0.05]));
    // Past 2 s, it ends at the next pause, with its pad.
    expect(chunks).toHaveLength(1);
    expect(seconds(chunks[0]!)).toBeCloseTo(0.8 + 0.6 + 0.5 + 0.288, 1);
  });

  it('never lets a chunk pass 15 s, cutting at the least speech-like moment, not inside a word', () => {
    // After a first chunk, speech with no pause the detector hears, but a dip between two words 9 s in.
    const script = decisions([3, 0.9], [1, 0.01], [9, 0.95], [0.064, 0.4], [9, 0.95], [1, 0.01]);
    const chunks = run(script);
    expect(chunks.map(seconds).every((s) => s >= 2 && s <= 15)).toBe(true);
    expect(seconds(chunks[1]!)).toBeCloseTo(0.288 + 9.06, 1);
    expect(chunks[2]!.silenceBeforeSeconds).toBe(0);
  });

  it('ends the first chunk by 3.5 s, at its least speech-like moment, so the first line shows within 4 s', () => {
    const chunks = run(decisions([3, 0.9], [0.064, 0.2], [5, 0.9], [1, 0.01]));
    expect(seconds(chunks[0]!)).toBeCloseTo(3.06, 1);
    expect(seconds(chunks[1]!)).toBeGreaterThan(5);
  });

  it('ends the first chunk at a shorter pause than the others, so its line comes sooner', () => {
    const chunks = run(decisions([2.2, 0.9], [0.35, 0.05], [2, 0.9], [0.35, 0.05], [2, 0.9], [1, 0.01]));
    expect(chunks.map(seconds).map((s) => s.toFixed(1))).toEqual(['2.5', '4.7']);
  });

  it('cuts 15 s chunks from a minute of speech with no pause at all', () => {
    const chunks = run(decisions([60, 0.9]), { isFlushed: false });
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    expect(chunks.map(seconds).every((s) => s >= 2 && s <= 15.01)).toBe(true);
  });

  it('sends no chunk for a click or a cough, and counts its time as silence', () => {
    const chunks = run(decisions([2, 0.01], [0.1, 0.9], [3, 0.01], [3, 0.9], [1, 0.01]));
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.silenceBeforeSeconds).toBeGreaterThan(4.5);
  });

  it('flushes what was said before a pause of the recording, even under 2 s', () => {
    const chunks = run(decisions([1, 0.01], [1.2, 0.9]));
    expect(chunks).toHaveLength(1);
    expect(seconds(chunks[0]!)).toBeCloseTo(1.2 + 0.288, 1);
    expect(firstWindow(chunks[0]!)).toBe(Math.round(1 / WINDOW_SECONDS) - 9);
  });
});
