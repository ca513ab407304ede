import type { AsrAudio } from '../../../providers/asr/asr-provider';
import type { DecodedAudio } from './decode-audio';
import type { FoundSpeech } from './detect-speech';
import { VAD_SAMPLE_RATE } from './voice-activity';

/** The speech gate's decision off the event loop (voice-activity-pool.ts runs detect-speech.ts on its threads). */
export interface SpeechDetector {
  /**
   * The speech of 16 kHz samples in shared memory, read in place: they must stay unchanged until the answer.
   * `isSpeechDetected`: the recorder's detector heard speech there, so only levels and gain are worked out.
   */
  detectSpeech(samples: Int16Array, isSpeechDetected?: boolean): Promise<FoundSpeech | undefined>;
}

/**
 * The chunk's speech, or undefined when it holds none. Whisper invents text for non-speech
 * ("Obrigado.", subtitle credits), so such a chunk is never sent.
 */
export function findSpeech(
  detector: SpeechDetector,
  audio: DecodedAudio,
  isSpeechDetected = false,
): Promise<FoundSpeech | undefined> {
  if (audio.sampleRate !== VAD_SAMPLE_RATE) {
    return Promise.reject(new Error(`speech is detected at ${VAD_SAMPLE_RATE} Hz only`));
  }
  return detector.detectSpeech(audio.samples, isSpeechDetected);
}

/**
 * What reaches the provider for a chunk: nothing when it holds no speech, its own file when its
 * speech is loud enough, else its conditioned audio raised towards -23 dBFS, as a WAV of the same name.
 * A chunk the recorder's own detector heard speech in (`isSpeechDetected`, issue 34) is not read by Silero again
 * and never dropped: only its level is measured, to raise it when quiet; without a window above its noise floor it
 * goes as recorded.
 */
export async function audioForProvider(
  detector: SpeechDetector,
  audio: DecodedAudio,
  original: AsrAudio,
  isSpeechDetected = false,
): Promise<AsrAudio | undefined> {
  const speech = await findSpeech(detector, audio, isSpeechDetected);
  if (!speech) return isSpeechDetected ? original : undefined;
  if (!speech.raisedWav) return original;
  const { buffer, byteOffset, byteLength } = speech.raisedWav;
  return {
    data: Buffer.from(buffer, byteOffset, byteLength),
    fileName: original.fileName.replace(/(\.[^.]*)?$/, '.wav'),
    contentType: 'audio/wav',
  };
}
