import { createChunker } from './chunker';
import type { GatheringListener, RecordedChunk, RecordingChunker } from './recorded-chunk';

export type { GatheringListener, RecordedChunk, RecordingChunker } from './recorded-chunk';

// How long a recording's start waits for a detector still loading: loading it beside an opening microphone slows
// both on a weak machine. Past it the recording starts, and what it captures is held for the detector.
const START_WAIT_MS = 3000;
// How long held audio waits for the detector before it is cut by loudness instead: this bounds only how late the
// first chunk can be where the model stalls.
const DETECTOR_WAIT_MS = 15_000;

/** Makes a chunker that cuts at the utterances a loaded voice activity detector finds. */
export type VoiceChunkerFactory = (
  onChunk: (chunk: RecordedChunk) => void,
  listener?: GatheringListener,
) => RecordingChunker;

type VoiceChunkerLoader = () => Promise<VoiceChunkerFactory>;

let voiceChunker: Promise<VoiceChunkerFactory> | undefined;

/** The detector and its chunker, in their own bundle (onnxruntime-web) fetched when a recordable consultation opens. */
async function loadVoiceChunker(): Promise<VoiceChunkerFactory> {
  const { loadSpeechDetector, createVoiceActivityChunker } = await import('./voice-activity-entry');
  const loaded = await loadSpeechDetector();
  return (onChunk, listener) => createVoiceActivityChunker(loaded, onChunk, listener);
}

/**
 * Starts loading the detector once per page, before a recording needs it; undefined where it cannot load (tried
 * again at the next call).
 */
export function preloadVoiceChunker(
  load: VoiceChunkerLoader = loadVoiceChunker,
): Promise<VoiceChunkerFactory | undefined> {
  const loading = (voiceChunker ??= load());
  return loading.catch(() => (voiceChunker = undefined));
}

/**
 * The recorder's chunker: utterances found by Silero VAD in the browser (issue 34), or, where it cannot load
 * (an old browser, no WebAssembly, a file that did not come), pauses found by loudness as before; the page says
 * nothing of it. Resolves once the detector is ready, or `startWaitMs` later: what is pushed before the detector
 * comes (up to `waitMs`) is held, then cut by whichever chunker it gets. `listener` hears the chunk being gathered
 * as it grows (only the detector's chunker tells it).
 */
export async function createRecordingChunker(
  onChunk: (chunk: RecordedChunk) => void,
  {
    listener,
    load = loadVoiceChunker,
    startWaitMs = START_WAIT_MS,
    waitMs = DETECTOR_WAIT_MS,
  }: { listener?: GatheringListener; load?: VoiceChunkerLoader; startWaitMs?: number; waitMs?: number } = {},
): Promise<RecordingChunker> {
  const held: Float32Array[] = [];
  let chosen: RecordingChunker | undefined;
  const choosing = within(waitMs, preloadVoiceChunker(load)).then((voice) => {
    chosen = voice ? voice(onChunk, listener) : loudnessChunker(onChunk);
    for (const samples of held.splice(0)) chosen.push(samples);
    return chosen;
  });
  await within(startWaitMs, choosing);
  return {
    push: (samples) => {
      if (chosen) chosen.push(samples);
      else held.push(samples);
    },
    flush: async () => (await choosing).flush(),
  };
}

/** What `promise` gives within `ms`, or undefined. */
async function within<T>(ms: number, promise: Promise<T>): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settled = await Promise.race([
    promise,
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ms);
    }),
  ]);
  clearTimeout(timer);
  return settled;
}

function loudnessChunker(onChunk: (chunk: RecordedChunk) => void): RecordingChunker {
  const chunker = createChunker();
  return {
    push: (samples) => chunker.push(samples).forEach((chunk) => onChunk({ samples: chunk })),
    flush: () => {
      const rest = chunker.flush();
      if (rest.length > 0) onChunk({ samples: rest });
      return Promise.resolve();
    },
  };
}
