import { createChunker } from './chunker';
import type { GatheringListener, RecordedChunk, RecordingChunker } from './recorded-chunk';

export type { GatheringListener, RecordedChunk, RecordingChunker } from './recorded-chunk';

// A slow network or machine should not hold the start of a recording: past this it starts with the loudness chunker.
const LOAD_TIMEOUT_MS = 8000;

/** Makes a chunker that cuts at the utterances a loaded voice activity detector finds. */
export type VoiceChunkerFactory = (
  onChunk: (chunk: RecordedChunk) => void,
  listener?: GatheringListener,
) => RecordingChunker;

let voiceChunker: Promise<VoiceChunkerFactory> | undefined;

/** The detector and its chunker, in their own bundle (onnxruntime-web) fetched when a recording starts. */
async function loadVoiceChunker(): Promise<VoiceChunkerFactory> {
  const { loadSpeechDetector, createVoiceActivityChunker } = await import('./voice-activity-entry');
  const loaded = await loadSpeechDetector();
  return (onChunk, listener) => createVoiceActivityChunker(loaded, onChunk, listener);
}

/**
 * The recorder's chunker: utterances found by Silero VAD in the browser (issue 34), or, where it cannot load
 * (an old browser, no WebAssembly, a file that did not come), pauses found by loudness as before; the page says
 * nothing of it. The detector is loaded once per page. `listener` hears the chunk being gathered as it grows
 * (only the detector's chunker tells it).
 */
export async function createRecordingChunker(
  onChunk: (chunk: RecordedChunk) => void,
  {
    listener,
    load = loadVoiceChunker,
  }: { listener?: GatheringListener; load?: () => Promise<VoiceChunkerFactory> } = {},
): Promise<RecordingChunker> {
  const loading = (voiceChunker ??= load());
  // A failed load is tried again at the next recording.
  void loading.catch(() => (voiceChunker = undefined));
  const loaded = await Promise.race([
    loading.catch(() => undefined),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), LOAD_TIMEOUT_MS)),
  ]);
  return loaded ? loaded(onChunk, listener) : loudnessChunker(onChunk);
}

function loudnessChunker(onChunk: (chunk: RecordedChunk) => void): RecordingChunker {
  const chunker = createChunker();
  return {
    kind: 'loudness',
    push: (samples) => chunker.push(samples).forEach((chunk) => onChunk({ samples: chunk })),
    flush: () => {
      const rest = chunker.flush();
      if (rest.length > 0) onChunk({ samples: rest });
      return Promise.resolve();
    },
  };
}
