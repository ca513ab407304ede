import type { RecordedChunk, RecordingChunker } from './recording-chunker';
import type { SpeechDetector } from './silero-detector';
import { createUtteranceChunker, VAD_WINDOW } from './utterance-chunker';

export { loadSpeechDetector } from './silero-detector';

/**
 * Cuts the recording at the utterances Silero VAD hears (issue 34): each 32 ms window is read in order, and the
 * utterance chunker decides; chunks go out marked as speech, with the silence not sent before them.
 */
export function createVoiceActivityChunker(
  detector: SpeechDetector,
  onChunk: (chunk: RecordedChunk) => void,
): RecordingChunker {
  detector.reset();
  const utterances = createUtteranceChunker();
  let waiting = new Float32Array(0);
  let reading: Promise<void> = Promise.resolve();
  const send = (chunk: ReturnType<typeof utterances.push>) => {
    if (chunk)
      onChunk({ samples: chunk.samples, isSpeech: true, silenceMs: Math.round(chunk.silenceBeforeSeconds * 1000) });
  };
  return {
    kind: 'voice',
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
          send(utterances.push(window, probability));
        });
      }
      waiting = joined.slice(start);
    },
    async flush() {
      // Less than a window (32 ms) left over is not worth a chunk.
      waiting = new Float32Array(0);
      await reading;
      send(utterances.flush());
    },
  };
}
