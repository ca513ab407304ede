import type { GatheringListener, RecordedChunk, RecordingChunker } from './recorded-chunk';
import type { SpeechDetector } from './silero-stream';
import { createUtteranceChunker, VAD_WINDOW } from './utterance-chunker';
import { CHUNK_SAMPLE_RATE } from './wav';

// After this long without a speech-like window (about 1 s) the model starts afresh: its state, tuned to a loud
// noise that just stopped, heard the first second of quieter speech after it as more of the same (bench/browser-vad.ts).
const RESET_AFTER_QUIET_WINDOWS = 31;
const QUIET_PROBABILITY = 0.35;

/**
 * Cuts the recording at the utterances Silero VAD hears (issue 34): each 32 ms window is read in order, and the
 * utterance chunker decides; chunks go out marked as speech, with the silence not sent before them. `listener`
 * hears the chunk being gathered as it grows.
 */
export function createVoiceActivityChunker(
  detector: SpeechDetector,
  onChunk: (chunk: RecordedChunk) => void,
  listener?: GatheringListener,
): RecordingChunker {
  detector.reset();
  const utterances = createUtteranceChunker();
  let waiting = new Float32Array(0);
  let reading: Promise<void> = Promise.resolve();
  let quietWindows = 0;
  let windowsRead = 0;
  const send = (chunk: ReturnType<typeof utterances.push>) => {
    if (chunk)
      onChunk({ samples: chunk.samples, isSpeech: true, silenceMs: Math.round(chunk.silenceBeforeSeconds * 1000) });
  };
  /** One window through the utterance chunker; the listener hears the chunk being gathered begin, grow and end. */
  const read = (window: Float32Array, probability: number) => {
    const wasGathering = utterances.gatheredWindows() > 0;
    const chunk = utterances.push(window, probability);
    send(chunk);
    windowsRead += 1;
    const gathered = utterances.gatheredWindows();
    if (wasGathering && (chunk || gathered === 0)) listener?.cut();
    if (gathered === 0) return;
    // Its first windows (the pad before the speech, or what follows a cut mid-speech) were read before this one.
    if (!wasGathering || chunk) listener?.began(((windowsRead - gathered) * VAD_WINDOW) / CHUNK_SAMPLE_RATE);
    listener?.audio(window);
  };
  return {
    push(samples) {
      const joined = new Float32Array(waiting.length + samples.length);
      joined.set(waiting);
      joined.set(samples, waiting.length);
      let start = 0;
      for (; start + VAD_WINDOW <= joined.length; start += VAD_WINDOW) {
        const window = joined.slice(start, start + VAD_WINDOW);
        reading = reading.then(async () => {
          // A window the detector could not read counts as speech: better a chunk too many than a word lost.
          const probability = await detector.probability(window).catch(() => 1);
          quietWindows = probability < QUIET_PROBABILITY ? quietWindows + 1 : 0;
          if (quietWindows >= RESET_AFTER_QUIET_WINDOWS) {
            detector.reset();
            quietWindows = 0;
          }
          read(window, probability);
        });
      }
      waiting = joined.slice(start);
    },
    async flush() {
      // Less than a window (32 ms) left over is not worth a chunk.
      waiting = new Float32Array(0);
      await reading;
      const wasGathering = utterances.gatheredWindows() > 0;
      send(utterances.flush());
      if (wasGathering) listener?.cut();
    },
  };
}
