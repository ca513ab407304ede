import { formatDocumentCode, type TIssuedDocument } from '@escriba/contract';
import type { IssuedDocumentRow } from '../../db/schema/index';

/** The public address an issued document's QR code carries. */
export function verificationUrl(publicUrl: string, publicId: string): string {
  return `${publicUrl}/v/${publicId}`;
}

/** The issued PDF's own address: it opens with the code, without a session, for DOCUMENT_SHARE_DAYS after issue. */
export function issuedPdfUrl(publicUrl: string, publicId: string, code: string): string {
  return `${verificationUrl(publicUrl, publicId)}/pdf?_secretCode=${encodeURIComponent(code)}`;
}

/** Until when its address opens the PDF with the code: DOCUMENT_SHARE_DAYS after it was issued. */
export function sharedUntilOf(row: IssuedDocumentRow, shareDays: number): Date {
  return new Date(row.issuedAt.getTime() + shareDays * 86_400_000);
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
