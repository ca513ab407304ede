import { formatDocumentCode, type TIssuedDocument } from '@escriba/contract';
import type { IssuedDocumentRow } from '../../db/schema/index';

/** The public address an issued document's QR code carries. */
export function verificationUrl(publicUrl: string, publicId: string): string {
  return `${publicUrl}/v/${publicId}`;
}

export function toIssuedDocument(row: IssuedDocumentRow, publicUrl: string): TIssuedDocument {
  return {
    public_id: row.publicId,
    access_code: formatDocumentCode(row.accessCode),
    url: verificationUrl(publicUrl, row.publicId),
    kind: row.kind,
    document_id: row.documentId,
    version: row.version,
    issued_at: row.issuedAt.toISOString(),
    signed_by: row.signedBy,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}
