import type { DecodedAudio } from './decode-audio';

const FRAME_SECONDS = 0.03;
// Speech close to a laptop or phone microphone is -35 to -15 dBFS; a quiet room -60 to -50.
const SPEECH_FRAME_DBFS = -40;
// Less voiced audio than this is a cough or a click, not a word.
const MIN_SPEECH_SECONDS = 0.2;

/**
 * Whether a chunk holds no speech, by energy: Whisper invents text for silence ("Obrigado."),
 * so a silent chunk is never sent to the provider.
 */
export function isSilent(audio: DecodedAudio): boolean {
  const frameLength = Math.max(1, Math.round(audio.sampleRate * FRAME_SECONDS));
  const threshold = 32_768 * 10 ** (SPEECH_FRAME_DBFS / 20);
  let voicedFrames = 0;
  for (let start = 0; start + frameLength <= audio.samples.length; start += frameLength) {
    let sum = 0;
    for (let index = start; index < start + frameLength; index += 1) sum += audio.samples[index]! ** 2;
    if (Math.sqrt(sum / frameLength) > threshold) voicedFrames += 1;
  }
  return voicedFrames * FRAME_SECONDS < MIN_SPEECH_SECONDS;
}
