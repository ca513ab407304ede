import type { TLiveMessage, TProviderStatus, TTranscriptEndMessage, TTranscriptMessage } from '@escriba/contract';
import type { App } from '../../platform/services';
import { publishToUser } from '../live/live-hub';

/**
 * Live messages are a courtesy on top of the stored transcript (GET partial-transcript), which the page
 * reads again whenever its socket (re)connects: a pub/sub outage must not hold transcription back.
 */
async function sendBestEffort(app: App, userId: string, message: TLiveMessage): Promise<void> {
  try {
    await publishToUser(app.pubsub, userId, message);
  } catch (error) {
    app.log.warn({ err: error, type: message.type }, 'live message not delivered: pub/sub unavailable');
  }
}

/** One transcribed chunk, to the professional's sockets on every instance. */
export function publishTranscript(app: App, userId: string, message: Omit<TTranscriptMessage, 'type'>): Promise<void> {
  return sendBestEffort(app, userId, { type: 'transcript', ...message });
}

/** A chunk that will not be transcribed, with where it was in the recording (`end` unknown when undecodable). */
export function publishChunkFailed(
  app: App,
  userId: string,
  failure: { consultationId: string; seq: number; start: number; end: number | null; detail: string },
): Promise<void> {
  const { consultationId, seq, start, end, detail } = failure;
  return sendBestEffort(app, userId, {
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
  return sendBestEffort(app, userId, message);
}

/** Tells the professional the provider stopped (or resumed) transcribing; the audio is kept either way. */
export function publishProviderStatus(
  app: App,
  userId: string,
  consultationId: string,
  status: TProviderStatus,
  detail: string | null,
): Promise<void> {
  return sendBestEffort(app, userId, {
    type: 'system',
    consultation_id: consultationId,
    provider_status: status,
    detail: detail ?? 'Transcrição retomada',
  });
}
