import type { TPartialTranscript } from '@escriba/contract';

/**
 * How long a consultation has been recorded, over every "Continuar gravação", on the same clock as the
 * transcript's times: the end of the last chunk the server has placed, plus the chunks still waiting in
 * this browser (`waitingSeconds`). A chunk the server has not decoded yet counts once it is, as in the
 * segment times.
 */
export function recordedSeconds(transcript: TPartialTranscript | undefined, waitingSeconds: number): number {
  const placedEnds = [
    ...(transcript?.segments ?? []).map((segment) => segment.end),
    ...(transcript?.failed_chunks ?? []).map((chunk) => chunk.end ?? chunk.start),
  ];
  return Math.max(0, ...placedEnds) + waitingSeconds;
}
