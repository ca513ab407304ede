import type { TProviderStatus, TTranscriptEndMessage, TTranscriptSegment } from '@escriba/contract';
import type { App } from '../../platform/services';
import { publishBestEffort } from '../live/publish-best-effort';

/** One transcribed chunk with its segments as the transcript shows them, to the professional's sockets on every instance. */
export function publishTranscript(
  app: App,
  userId: string,
  consultationId: string,
  chunk: { seq: number; start: number; end: number; text: string | null },
  segments: TTranscriptSegment[],
  interim?: true,
): Promise<void> {
  const { seq, start, end, text } = chunk;
  return publishBestEffort(app, userId, {
    type: 'transcript',
    consultation_id: consultationId,
    seq,
    start,
    end,
    text: text ?? '',
    segments,
    ...(interim && { interim }),
  });
}

/** The words heard so far of a chunk the stream is transcribing (TRANSCRIPTION_MODE=realtime); not stored. */
export function publishInterim(
  app: App,
  userId: string,
  consultationId: string,
  chunk: { seq: number; start: number; end: number },
  text: string,
): Promise<void> {
  const { seq, start, end } = chunk;
  const segment = { seq, index: 0, start, end, text, speaker: 'desconhecido' as const };
  return publishTranscript(app, userId, consultationId, { ...chunk, text }, [segment], true);
}

/** The stream failed a chunk: its text comes later, by batch (a `system` message with neither seq nor status). */
export function publishLiveDelayed(app: App, userId: string, consultationId: string, reason: string): Promise<void> {
  return publishBestEffort(app, userId, {
    type: 'system',
    consultation_id: consultationId,
    detail: `O texto ao vivo está atrasado (${reason}); o áudio está guardado e será transcrito.`,
  });
}

/** A chunk that will not be transcribed, with where it was in the recording (`end` unknown when undecodable). */
export function publishChunkFailed(
  app: App,
  userId: string,
  failure: { consultationId: string; seq: number; start: number; end: number | null; detail: string },
): Promise<void> {
  const { consultationId, seq, start, end, detail } = failure;
  return publishBestEffort(app, userId, {
    type: 'system',
    consultation_id: consultationId,
    seq,
    start,
    ...(end === null ? {} : { end }),
    detail,
  });
}

/** The transcript is complete and stored; sent after the last `transcript` message. */
export function publishEnd(app: App, userId: string, consultationId: string): Promise<void> {
  const message: TTranscriptEndMessage = { type: 'end', consultation_id: consultationId };
  return publishBestEffort(app, userId, message);
}

/** Tells the professional the provider stopped (or resumed) transcribing; the audio is kept either way. */
export function publishProviderStatus(
  app: App,
  userId: string,
  consultationId: string,
  status: TProviderStatus,
  detail: string | null,
): Promise<void> {
  return publishBestEffort(app, userId, {
    type: 'system',
    consultation_id: consultationId,
    provider_status: status,
    detail: detail ?? 'Transcrição retomada',
  });
}
