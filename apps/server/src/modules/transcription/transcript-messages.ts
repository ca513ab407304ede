import type { TProviderStatus, TTranscriptEndMessage, TTranscriptMessage } from '@escriba/contract';
import type { App } from '../../platform/services';
import { publishToUser } from '../live/live-hub';

/** One transcribed chunk, to the professional's sockets on every instance. */
export function publishTranscript(app: App, userId: string, message: Omit<TTranscriptMessage, 'type'>): Promise<void> {
  return publishToUser(app.pubsub, userId, { type: 'transcript', ...message });
}

/** The transcript is complete and stored; sent after the last `transcript` message. */
export function publishEnd(app: App, userId: string, consultationId: string): Promise<void> {
  const message: TTranscriptEndMessage = { type: 'end', consultation_id: consultationId };
  return publishToUser(app.pubsub, userId, message);
}

/** Tells the professional the provider stopped (or resumed) transcribing; the audio is kept either way. */
export function publishProviderStatus(
  app: App,
  userId: string,
  consultationId: string,
  status: TProviderStatus,
  detail: string | null,
): Promise<void> {
  return publishToUser(app.pubsub, userId, {
    type: 'system',
    consultation_id: consultationId,
    provider_status: status,
    detail: detail ?? 'Transcrição retomada',
  });
}
