import { describe, expect, it } from 'vitest';
import type { RecordedChunk } from './recorded-chunk';
import type { SpeechDetector } from './silero-stream';
import { VAD_WINDOW } from './utterance-chunker';
import { createVoiceActivityChunker } from './voice-activity-chunker';

/** A detector that hears speech where the samples are loud, and counts its resets. */
function loudnessDetector() {
  const detector = {
    resets: 0,
    probability: (window: Float32Array) => Promise.resolve(Math.abs(window[0]!) > 0.1 ? 0.9 : 0.01),
    reset: () => void (detector.resets += 1),
  } satisfies SpeechDetector & { resets: number };
  return detector;
}

function stream(...stretches: [seconds: number, level: number][]): Float32Array {
  const parts = stretches.map(([seconds, level]) => new Float32Array(Math.round(seconds * 16_000)).fill(level));
  const joined = new Float32Array(parts.reduce((total, part) => total + part.length, 0));
  parts.reduce((offset, part) => (joined.set(part, offset), offset + part.length), 0);
  return joined;
}

describe('the voice activity chunker', () => {
  it('sends utterances marked as speech, with the silence not sent before them, in capture-sized batches', async () => {
    const detector = loudnessDetector();
    const chunks: RecordedChunk[] = [];
    const chunker = createVoiceActivityChunker(detector, (chunk) => chunks.push(chunk));
    const audio = stream([4, 0], [3, 0.5], [3, 0]);
    for (let start = 0; start < audio.length; start += 683) chunker.push(audio.slice(start, start + 683));
    await chunker.flush();
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.isSpeech).toBe(true);
    expect(chunks[0]!.silenceMs).toBeGreaterThan(3600);
    expect(chunks[0]!.silenceMs).toBeLessThan(3800);
    expect(chunks[0]!.samples.length % VAD_WINDOW).toBe(0);
  });

  it('lets the model start afresh after each second without speech', async () => {
    const detector = loudnessDetector();
    const chunker = createVoiceActivityChunker(detector, () => undefined);
    chunker.push(stream([3.2, 0]));
    await chunker.flush();
    // Once when the chunker is made, then after each 31 quiet windows (~1 s).
    expect(detector.resets).toBe(1 + 3);
  });

  it('sends a window the detector could not read, as speech, rather than lose a word', async () => {
    const chunks: RecordedChunk[] = [];
    const failing: SpeechDetector = { probability: () => Promise.reject(new Error('no')), reset: () => undefined };
    const chunker = createVoiceActivityChunker(failing, (chunk) => chunks.push(chunk));
    chunker.push(stream([2.5, 0.5]));
    await chunker.flush();
    expect(chunks.map((chunk) => chunk.samples.length)).toEqual([Math.floor((2.5 * 16_000) / VAD_WINDOW) * VAD_WINDOW]);
  });

  it('tells its listener of each chunk being gathered as it grows: where it began, its audio, and its cut', async () => {
    const events: string[] = [];
    const streamed: number[] = [];
    const chunks: RecordedChunk[] = [];
    const chunker = createVoiceActivityChunker(
      loudnessDetector(),
      (chunk) => (chunks.push(chunk), events.push('chunk')),
      {
        began: (start) => events.push(`began ${start.toFixed(2)}`) && streamed.push(0),
        audio: (samples) => void (streamed[streamed.length - 1]! += samples.length),
        cut: () => events.push('cut'),
      },
    );
    // An utterance, a cough too short to send, then an utterance the recording stops in.
    chunker.push(stream([1, 0], [2.5, 0.5], [1, 0], [0.1, 0.5], [3, 0], [2, 0.5]));
    await chunker.flush();
    expect(events).toEqual(['began 0.74', 'chunk', 'cut', 'began 4.22', 'cut', 'began 7.33', 'chunk', 'cut']);
    // Each chunk's audio from its first speech on (its pad before that is sent with the chunk, not streamed), up
    // to the window before the one that completed the pause cutting it.
    const leadPad = 9 * VAD_WINDOW;
    expect(streamed[0]).toBeGreaterThanOrEqual(chunks[0]!.samples.length - leadPad - VAD_WINDOW);
    expect(streamed[2]).toBe(chunks[1]!.samples.length - leadPad);
  });
});
