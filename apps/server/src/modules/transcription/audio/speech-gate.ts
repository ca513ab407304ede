import type { AsrAudio } from '../../../providers/asr/asr-provider';
import { conditionAudio } from './condition-audio';
import type { DecodedAudio } from './decode-audio';
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
 * The speech a chunk holds: how long, how loud (RMS of its speech windows but their loudest tenth,
 * where clicks land), its peak (but clicks), and the conditioned samples.
 */
export interface FoundSpeech {
  seconds: number;
  levelDbfs: number;
  peak: number;
  conditioned: Float32Array;
}

/**
 * The chunk's speech, or undefined when it holds none. Whisper invents text for non-speech
 * ("Obrigado.", subtitle credits), so such a chunk is never sent. The DC offset and everything under
 * 80 Hz are removed first; a window is speech when Silero VAD says so and it stands above the chunk's
 * own noise floor.
 */
export async function findSpeech(
  detector: VoiceActivityDetector,
  audio: DecodedAudio,
): Promise<FoundSpeech | undefined> {
  if (audio.sampleRate !== VAD_SAMPLE_RATE) throw new Error(`speech is detected at ${VAD_SAMPLE_RATE} Hz only`);
  const conditioned = conditionAudio(audio.samples, audio.sampleRate);
  const levels = Array.from({ length: Math.floor(conditioned.length / VAD_WINDOW) }, (_, window) =>
    windowDbfs(conditioned, window),
  );
  const floor = percentile(levels, FLOOR_PERCENTILE) ?? 0;
  const threshold = Math.max(floor + ABOVE_FLOOR_DB, MIN_WINDOW_DBFS);
  // Only windows this loud can be speech, so Silero reads up to the last of them, and none when too few
  // are: a window's probability depends on those before it (the model's state), never on those after.
  const isLoudEnough = levels.map((level) => level >= threshold);
  if (seconds(isLoudEnough.filter(Boolean).length) < MIN_SPEECH_SECONDS) return undefined;
  const probabilities = await detector.speechProbabilities(conditioned, isLoudEnough.lastIndexOf(true) + 1);
  const speech = Array.from(probabilities).flatMap((probability, window) =>
    probability >= SPEECH_PROBABILITY && isLoudEnough[window] ? [window] : [],
  );
  if (seconds(speech.length) < MIN_SPEECH_SECONDS) return undefined;
  const speechLevels = speech.map((window) => levels[window]!);
  const ceiling = percentile(speechLevels, LEVEL_PERCENTILE)!;
  const kept = speechLevels.filter((level) => level <= ceiling);
  const power = kept.reduce((sum, level) => sum + 10 ** (level / 10), 0) / kept.length;
  const magnitudes = new Float32Array(speech.length * VAD_WINDOW);
  speech.forEach((window, index) => {
    for (let sample = 0; sample < VAD_WINDOW; sample += 1) {
      magnitudes[index * VAD_WINDOW + sample] = Math.abs(conditioned[window * VAD_WINDOW + sample]!);
    }
  });
  const peak = kthSmallest(magnitudes, Math.floor(magnitudes.length * PEAK_PERCENTILE));
  return { seconds: seconds(speech.length), levelDbfs: 10 * Math.log10(power), peak, conditioned };
}

/**
 * What reaches the provider for a chunk: nothing when it holds no speech, its own file when its
 * speech is loud enough, else its conditioned audio raised towards -23 dBFS, as a WAV of the same name.
 */
export async function audioForProvider(
  detector: VoiceActivityDetector,
  audio: DecodedAudio,
  original: AsrAudio,
): Promise<AsrAudio | undefined> {
  const speech = await findSpeech(detector, audio);
  if (!speech) return undefined;
  if (speech.levelDbfs >= QUIET_SPEECH_DBFS) return original;
  // Only the speech's own peaks bound the gain: a click may clip.
  const gainDb = Math.min(TARGET_SPEECH_DBFS - speech.levelDbfs, MAX_GAIN_DB, PEAK_DBFS - 20 * Math.log10(speech.peak));
  const gain = 10 ** (gainDb / 20);
  return {
    data: encodeWav(
      speech.conditioned.map((sample) => sample * gain),
      audio.sampleRate,
    ),
    fileName: original.fileName.replace(/(\.[^.]*)?$/, '.wav'),
    contentType: 'audio/wav',
  };
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
