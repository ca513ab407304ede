import type { TPartialTranscript } from '@escriba/contract';

/**
 * How long a consultation has been recorded, over every "Continuar gravação", on the same clock as the
 * transcript's times: where the last chunk the server has decoded ends, plus the chunks still waiting in
 * this browser (`waitingSeconds`). A chunk the server has not decoded yet counts once it is, as in the
 * segment times.
 */
export function recordedSeconds(transcript: TPartialTranscript | undefined, waitingSeconds: number): number {
  return (transcript?.recorded_seconds ?? 0) + waitingSeconds;
}
