import { conditionAudio } from './condition-audio';
import { encodeWav } from './encode-wav';
import { kthSmallest } from './kth-smallest';
import { VAD_SAMPLE_RATE, VAD_WINDOW, type VoiceActivityDetector } from './voice-activity';

// Silero's own threshold for a speech window.
const SPEECH_PROBABILITY = 0.5;
// A speech window also stands this far above the chunk's noise floor (its quietest tenth of windows)...
const ABOVE_FLOOR_DB = 6;
// ...and above this, where only the converter's dither lives: speech at -50 dBFS stays well over it.
const MIN_WINDOW_DBFS = -70;
const FLOOR_PERCENTILE = 0.1;
const LEVEL_PERCENTILE = 0.9;
// Clicks last a few milliseconds: the gain may clip the loudest hundredth of the speech's samples.
const PEAK_PERCENTILE = 0.99;
// Less speech than this is a cough or a click, not a word (Silero's min_speech_duration_ms).
const MIN_SPEECH_SECONDS = 0.25;
// Speech quieter than this is raised to the target before it is sent, by at most MAX_GAIN_DB and
// never past PEAK_DBFS; louder speech is sent as it was recorded.
const QUIET_SPEECH_DBFS = -30;
const TARGET_SPEECH_DBFS = -23;
const MAX_GAIN_DB = 30;
const PEAK_DBFS = -1;

/**
 * The speech a chunk holds: how long, how loud (RMS of its speech windows but their loudest tenth, where
 * clicks land) and, when quieter than -30 dBFS, its conditioned audio raised towards -23 dBFS as a WAV file.
 */
export interface FoundSpeech {
  seconds: number;
  levelDbfs: number;
  raisedWav?: Uint8Array<ArrayBuffer>;
}

/**
 * The speech of a chunk's 16 kHz samples, or undefined when it holds none: the whole decision of the speech
 * gate (speech-gate.ts), run on a voice activity thread. The DC offset and everything under 80 Hz are removed
 * first; a window is speech when Silero VAD says so (or the recorder's did: `isSpeechDetected`) and it stands above
 * the chunk's own noise floor.
 */
export async function detectSpeech(
  vad: VoiceActivityDetector,
  samples: Int16Array,
  isSpeechDetected = false,
): Promise<FoundSpeech | undefined> {
  const conditioned = conditionAudio(samples, VAD_SAMPLE_RATE);
  const levels = Array.from({ length: Math.floor(conditioned.length / VAD_WINDOW) }, (_, window) =>
    windowDbfs(conditioned, window),
  );
  const floor = percentile(levels, FLOOR_PERCENTILE) ?? 0;
  const threshold = Math.max(floor + ABOVE_FLOOR_DB, MIN_WINDOW_DBFS);
  // Only windows this loud can be speech, so Silero reads up to the last of them, and none when too few
  // are: a window's probability depends on those before it (the model's state), never on those after.
  const isLoudEnough = levels.map((level) => level >= threshold);
  if (seconds(isLoudEnough.filter(Boolean).length) < MIN_SPEECH_SECONDS) return undefined;
  // The recorder's own Silero heard speech in it (issue 34): its windows above the noise floor are that speech.
  const probabilities = isSpeechDetected
    ? undefined
    : await vad.speechProbabilities(conditioned, isLoudEnough.lastIndexOf(true) + 1);
  const speech = isLoudEnough.flatMap((isLoud, window) =>
    isLoud && (!probabilities || probabilities[window]! >= SPEECH_PROBABILITY) ? [window] : [],
  );
  if (seconds(speech.length) < MIN_SPEECH_SECONDS) return undefined;
  const speechLevels = speech.map((window) => levels[window]!);
  const ceiling = percentile(speechLevels, LEVEL_PERCENTILE)!;
  const kept = speechLevels.filter((level) => level <= ceiling);
  const power = kept.reduce((sum, level) => sum + 10 ** (level / 10), 0) / kept.length;
  const found = { seconds: seconds(speech.length), levelDbfs: 10 * Math.log10(power) };
  if (found.levelDbfs >= QUIET_SPEECH_DBFS) return found;
  return { ...found, raisedWav: raise(conditioned, speech, found.levelDbfs) };
}

/** The conditioned chunk raised towards the target level, as a WAV file; only the speech's own peaks bound the gain. */
function raise(conditioned: Float32Array, speech: number[], levelDbfs: number): Uint8Array<ArrayBuffer> {
  const magnitudes = new Float32Array(speech.length * VAD_WINDOW);
  speech.forEach((window, index) => {
    for (let sample = 0; sample < VAD_WINDOW; sample += 1) {
      magnitudes[index * VAD_WINDOW + sample] = Math.abs(conditioned[window * VAD_WINDOW + sample]!);
    }
  });
  const peak = kthSmallest(magnitudes, Math.floor(magnitudes.length * PEAK_PERCENTILE));
  const gainDb = Math.min(TARGET_SPEECH_DBFS - levelDbfs, MAX_GAIN_DB, PEAK_DBFS - 20 * Math.log10(peak));
  const gain = 10 ** (gainDb / 20);
  // A click may clip.
  return encodeWav(
    conditioned.map((sample) => sample * gain),
    VAD_SAMPLE_RATE,
  );
}

function seconds(windows: number): number {
  return (windows * VAD_WINDOW) / VAD_SAMPLE_RATE;
}

function windowDbfs(samples: Float32Array, window: number): number {
  let sum = 0;
  for (let index = window * VAD_WINDOW; index < (window + 1) * VAD_WINDOW; index += 1) sum += samples[index]! ** 2;
  return 10 * Math.log10(sum / VAD_WINDOW + 1e-12);
}

function percentile(values: number[], fraction: number): number | undefined {
  return values.length === 0 ? undefined : kthSmallest([...values], Math.floor(values.length * fraction));
}
