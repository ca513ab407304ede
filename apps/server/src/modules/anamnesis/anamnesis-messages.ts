import type { TAnamnesisEndMessage, TAnamnesisMessage } from '@escriba/contract';
import type { App } from '../../platform/services';
import { publishBestEffort } from '../live/publish-best-effort';

/** One field of the note, complete, with its sources. */
export function publishField(app: App, userId: string, message: Omit<TAnamnesisMessage, 'type'>): Promise<void> {
  return publishBestEffort(app, userId, { type: 'anamnesis', ...message });
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
  return publishBestEffort(app, userId, message);
}

/** The generation failed and its credit was returned: what happened, with the provider's status. */
export function publishGenerationFailed(
  app: App,
  userId: string,
  failure: { consultationId: string; anamnesisId: string; statusCode: number; detail: string },
): Promise<void> {
  return publishBestEffort(app, userId, {
    type: 'system',
    consultation_id: failure.consultationId,
    anamnesis_id: failure.anamnesisId,
    status_code: failure.statusCode,
    detail: failure.detail,
  });
}
