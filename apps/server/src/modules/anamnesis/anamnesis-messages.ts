import type { TAnamnesisEndMessage, TAnamnesisMessage, TLiveMessage } from '@escriba/contract';
import type { App } from '../../platform/services';
import { publishToUser } from '../live/live-hub';

/**
 * Live messages are a courtesy on top of the stored note (GET .../anamnesis), which the page reads again
 * whenever its socket (re)connects: a pub/sub outage must not hold a generation back.
 */
async function sendBestEffort(app: App, userId: string, message: TLiveMessage): Promise<void> {
  try {
    await publishToUser(app.pubsub, userId, message);
  } catch (error) {
    app.log.warn({ err: error, type: message.type }, 'live message not delivered: pub/sub unavailable');
  }
}

/** One field of the note, complete, with its sources. */
export function publishField(app: App, userId: string, message: Omit<TAnamnesisMessage, 'type'>): Promise<void> {
  return sendBestEffort(app, userId, { type: 'anamnesis', ...message });
}

/** The note is stored and validated; sent after its last field. */
export function publishGenerationEnd(
  app: App,
  userId: string,
  ids: { consultationId: string; anamnesisId: string },
): Promise<void> {
  const message: TAnamnesisEndMessage = {
    type: 'end',
    consultation_id: ids.consultationId,
    anamnesis_id: ids.anamnesisId,
  };
  return sendBestEffort(app, userId, message);
}

/** The generation failed and its credit was returned: what happened, with the provider's status. */
export function publishGenerationFailed(
  app: App,
  userId: string,
  failure: { consultationId: string; anamnesisId: string; statusCode: number; detail: string },
): Promise<void> {
  return sendBestEffort(app, userId, {
    type: 'system',
    consultation_id: failure.consultationId,
    anamnesis_id: failure.anamnesisId,
    status_code: failure.statusCode,
    detail: failure.detail,
  });
}
