import { DOCUMENT_KIND_TITLES, type TDocument, type TDocumentSummary } from '@escriba/contract';
import type { DocumentRow, DocumentVersionRow } from '../../db/schema/index';

type LatestVersion = Pick<DocumentVersionRow, 'version' | 'status' | 'failure' | 'finishedAt'>;

/** A document as listed (and as the POST answers it): its latest version's status and number. */
export function toDocumentSummary(row: DocumentRow, latest: LatestVersion): TDocumentSummary {
  return {
    id: row.id,
    consultation_id: row.consultationId,
    kind: row.kind,
    title: DOCUMENT_KIND_TITLES[row.kind],
    status: latest.status,
    version: latest.version,
    failure: latest.failure,
    created_at: row.createdAt.toISOString(),
    updated_at: latest.finishedAt?.toISOString() ?? null,
  };
}

/** A document with its content, sources and versions (newest first); its content follows its kind. */
export function toDocument(row: DocumentRow, versions: DocumentVersionRow[]): TDocument {
  const [latest] = versions;
  if (!latest) throw new Error(`Document ${row.id} has no version`);
  return {
    ...toDocumentSummary(row, latest),
    content: latest.content,
    request: row.request,
    provenance: latest.provenance,
    versions: versions.map((version) => ({
      version: version.version,
      kind: version.kind,
      status: version.status,
      content: version.content,
      created_at: version.createdAt.toISOString(),
      finished_at: version.finishedAt?.toISOString() ?? null,
    })),
  } as TDocument;
}
