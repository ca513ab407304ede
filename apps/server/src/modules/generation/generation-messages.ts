import type { TDocumentKind, TLiveMessage } from '@escriba/contract';
import type { App } from '../../platform/services';
import { publishBestEffort } from '../live/publish-best-effort';

/** What a generation's live messages name: the note's version, or the document and its kind. */
export type GenerationLiveIds = { anamnesis_id: string } | { document_id: string; kind: TDocumentKind };

/** Whose generation it is, of which consultation, and the ids its messages carry. */
export interface GenerationAddress {
  userId: string;
  consultationId: string;
  ids: GenerationLiveIds;
}

/** One completed part (a field of the note, a property of a document), with its sources: an `anamnesis` message. */
export function publishGenerationPart(
  app: App,
  address: GenerationAddress,
  part: Record<string, unknown> & { field_id: string },
): Promise<void> {
  return publish(app, address, { type: 'anamnesis', ...part });
}

/** The result is stored and validated; sent after its last part. */
export function publishGenerationEnd(app: App, address: GenerationAddress): Promise<void> {
  return publish(app, address, { type: 'end' });
}

/** The generation failed and its credit was returned: what happened, with the provider's status. */
export function publishGenerationFailed(
  app: App,
  address: GenerationAddress,
  failure: { statusCode: number; detail: string },
): Promise<void> {
  return publish(app, address, { type: 'system', status_code: failure.statusCode, detail: failure.detail });
}

function publish(app: App, address: GenerationAddress, message: TLiveMessage): Promise<void> {
  const { type, ...rest } = message;
  return publishBestEffort(app, address.userId, {
    type,
    consultation_id: address.consultationId,
    ...address.ids,
    ...rest,
  });
}
