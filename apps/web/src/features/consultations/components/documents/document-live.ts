import type { TLiveMessage } from '@escriba/contract';

/** The parts of a document that arrived live while it is written (its content's top-level properties). */
export type LiveParts = Record<string, unknown>;

/** What one live message means to this consultation's documents. */
export type DocumentLiveEffect =
  | { type: 'none' }
  /** Read the documents again: the channel reconnected (messages may have been lost meanwhile). */
  | { type: 'refetch' }
  | { type: 'part'; documentId: string; key: string; value: unknown }
  /** The document is stored, or its generation failed (its credit returned): read it again. */
  | { type: 'settled'; documentId: string };

/**
 * A document's messages are the note's types with `document_id` and `kind`: `anamnesis` carries one property of its
 * content (`field_id`, `value`), `end` says it is stored, `system` that it failed. The note's carry no `document_id`.
 */
export function documentLiveEffect(message: TLiveMessage, consultationId: string): DocumentLiveEffect {
  if (message.type === 'system' && message.status_code === 200) return { type: 'refetch' };
  const documentId = message.document_id;
  if (message.consultation_id !== consultationId || typeof documentId !== 'string') return { type: 'none' };
  switch (message.type) {
    case 'anamnesis':
      return typeof message.field_id === 'string'
        ? { type: 'part', documentId, key: message.field_id, value: message.value }
        : { type: 'none' };
    case 'end':
    case 'system':
      return { type: 'settled', documentId };
    case 'transcript':
    case 'evidence':
      return { type: 'none' };
  }
}
