import { and, eq } from 'drizzle-orm';
import { documents, documentVersions } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { runGeneration, type GenerationKind } from '../generation/generation-run';
import { enqueueDocumentGenerations } from './document-jobs';
import { draftDocument, type DocumentDraft, type GeneratingDocument } from './draft-document';

/**
 * A document as a generation: drafted property by property, each an `anamnesis` message naming the document and its
 * kind (`field_id` the property, `value` it as stored).
 */
export const documentGeneration: GenerationKind<GeneratingDocument, DocumentDraft, typeof documentVersions> = {
  name: 'document',
  table: documentVersions,
  async findGenerating(db, id) {
    const [row] = await db
      .select({
        id: documentVersions.id,
        documentId: documents.id,
        userId: documents.userId,
        consultationId: documents.consultationId,
        kind: documents.kind,
        request: documents.request,
        provenance: documentVersions.provenance,
      })
      .from(documentVersions)
      .innerJoin(documents, eq(documents.id, documentVersions.documentId))
      .where(and(eq(documentVersions.id, id), eq(documentVersions.status, 'generating')));
    return row;
  },
  draft: (app, llm, row, send) => draftDocument(app, llm, row, (key, value) => send({ field_id: key, value })),
  readyValues: (draft) => ({ content: draft.content, statements: draft.statements, provenance: draft.provenance }),
  paidFor: (row) => ({ documentId: row.documentId }),
  refundReason: 'Geração de documento não concluída',
  address: (row) => ({
    userId: row.userId,
    consultationId: row.consultationId,
    ids: { document_id: row.documentId, kind: row.kind },
  }),
  queue: 'generate-document',
  requeue: enqueueDocumentGenerations,
};

/** The `generate-document` job (runGeneration: at least once, settled by one run). */
export function generateDocument(app: App, documentVersionId: string): Promise<void> {
  return runGeneration(app, documentGeneration, documentVersionId);
}
