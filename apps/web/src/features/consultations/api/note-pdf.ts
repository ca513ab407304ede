import { requestSignedPdf, type SignWith } from './signed-pdf';

/** GET …/anamnesis/pdf: the current note's PDF, a link a new tab opens with the session cookie. */
export function notePdfUrl(consultationId: string): string {
  return `/api/v1/user/consultations/${consultationId}/anamnesis/pdf`;
}

/** POST …/anamnesis/pdf/signed: the current note's PDF signed with the professional's A1 or cloud certificate. */
export function signNotePdf(consultationId: string, signWith: SignWith): Promise<Blob> {
  return requestSignedPdf(`/user/consultations/${consultationId}/anamnesis/pdf/signed`, signWith);
}
