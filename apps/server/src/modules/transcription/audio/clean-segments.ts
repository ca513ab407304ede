import type { AsrSegment } from '../../../providers/asr/asr-provider';

// faster-whisper's own thresholds (transcribe.py: no_speech_threshold, log_prob_threshold,
// compression_ratio_threshold).
const NO_SPEECH_PROB = 0.6;
const AVG_LOGPROB = -1;
const LOOP_COMPRESSION_RATIO = 2.4;
const MAX_PHRASE_WORDS = 8;

/** Whether the provider itself marks the segment as probably not speech. */
export function isProbableNonSpeech(segment: AsrSegment): boolean {
  return (segment.noSpeechProb ?? 0) > NO_SPEECH_PROB && (segment.avgLogprob ?? 0) < AVG_LOGPROB;
}

/** Whether the segment's text compresses like a loop rather than speech. */
export function isFlaggedLoop(segment: AsrSegment): boolean {
  return (segment.compressionRatio ?? 0) > LOOP_COMPRESSION_RATIO;
}

/**
 * Collapses a word or phrase (up to eight words) repeated back to back more than `maxRepeats`
 * times into one: Whisper's loops ("e aí e aí e aí e aí …"). People do say "não, não": two
 * repeats are kept unless the segment is flagged as a loop.
 */
export function cutRepetitions(text: string, maxRepeats: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  const key = (word: string) => word.toLocaleLowerCase('pt-BR').replace(/[^\p{L}\p{N}]/gu, '');
  const kept: string[] = [];
  let index = 0;
  while (index < words.length) {
    let advanced = false;
    for (let length = 1; length <= MAX_PHRASE_WORDS && index + length * 2 <= words.length; length += 1) {
      const phrase = words
        .slice(index, index + length)
        .map(key)
        .join(' ');
      if (!phrase.trim()) continue;
      let repeats = 1;
      while (
        index + (repeats + 1) * length <= words.length &&
        words
          .slice(index + repeats * length, index + (repeats + 1) * length)
          .map(key)
          .join(' ') === phrase
      ) {
        repeats += 1;
      }
      if (repeats > maxRepeats) {
        kept.push(...words.slice(index, index + length));
        index += repeats * length;
        advanced = true;
        break;
      }
    }
    if (!advanced) {
      kept.push(words[index]!);
      index += 1;
    }
  }
  return kept.join(' ');
}

/**
 * The segments worth storing: probable non-speech dropped, loops cut, and a segment that only
 * repeats the one before it (another loop form) dropped.
 */
export function cleanSegments(segments: AsrSegment[]): AsrSegment[] {
  const cleaned: AsrSegment[] = [];
  for (const segment of segments) {
    if (isProbableNonSpeech(segment)) continue;
    const text = cutRepetitions(segment.text.trim(), isFlaggedLoop(segment) ? 1 : 2);
    if (!text) continue;
    const previous = cleaned.at(-1);
    if (previous?.text === text && previous.speaker === segment.speaker) continue;
    cleaned.push({ ...segment, text });
  }
  return cleaned;
}
