import {
  DOCUMENT_KIND_TITLES,
  type TDocument,
  type TDocumentSummary,
  type TPrescriptionCheck,
} from '@escriba/contract';
import type { DocumentRow, DocumentSignatureRow, DocumentVersionRow } from '../../db/schema/index';
import { checkReceita } from '../prescriptions/check-receita';
import { statementsOf } from './document-statements';

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

/** A receita's items checked against the lists, for the page to show why it is of its type. */
function prescriptionOf(content: DocumentVersionRow['content']): TPrescriptionCheck | null {
  return content && 'items' in content && 'type' in content ? checkReceita(content.items) : null;
}

/**
 * A document with its content, statements, sources, versions (newest first) and signed PDFs; its content follows its
 * kind.
 */
export function toDocument(
  row: DocumentRow,
  versions: DocumentVersionRow[],
  signatures: DocumentSignatureRow[],
): TDocument {
  const [latest] = versions;
  if (!latest) throw new Error(`Document ${row.id} has no version`);
  return {
    ...toDocumentSummary(row, latest),
    content: latest.content,
    request: row.request,
    provenance: latest.provenance,
    ...(row.kind === 'receita' && { prescription: prescriptionOf(latest.content) }),
    statements: statementsOf(row.kind, latest),
    signatures: signatures.map((signature) => ({
      version: signature.version,
      signed_at: signature.signedAt.toISOString(),
      holder: signature.holderName,
      issuer: signature.issuer,
      icp_brasil: signature.icpBrasil,
    })),
    versions: versions.map((version) => ({
      version: version.version,
      kind: version.kind,
      status: version.status,
      content: version.content,
      statements: statementsOf(row.kind, version),
      created_at: version.createdAt.toISOString(),
      finished_at: version.finishedAt?.toISOString() ?? null,
    })),
  } as TDocument;
}
