import { requestSignedPdf, type SignWith } from './signed-pdf';

/** GET …/documents/{documentId}/pdf: a document's PDF, a link a new tab opens with the session cookie. */
export function documentPdfUrl(consultationId: string, documentId: string): string {
  return `/api/v1/user/consultations/${consultationId}/documents/${documentId}/pdf`;
}

/**
 * POST …/documents/{documentId}/pdf/signed: the document's PDF signed with the professional's A1 or cloud
 * certificate (409 while it is generated or without a certificate, 422 for a wrong password).
 */
export function signDocumentPdf(consultationId: string, documentId: string, signWith: SignWith): Promise<Blob> {
  return requestSignedPdf(`/user/consultations/${consultationId}/documents/${documentId}/pdf/signed`, signWith);
}
