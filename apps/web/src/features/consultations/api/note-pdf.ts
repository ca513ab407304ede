import { api } from '../../../lib/session';

/** GET …/anamnesis/pdf: the current note's PDF, a link a new tab opens with the session cookie. */
export function notePdfUrl(consultationId: string): string {
  return `/api/v1/user/consultations/${consultationId}/anamnesis/pdf`;
}

/** POST …/anamnesis/pdf/signed: the current note's PDF signed with the professional's A1 certificate. */
export function signNotePdf(consultationId: string, password: string): Promise<Blob> {
  return api<Blob>(`/user/consultations/${consultationId}/anamnesis/pdf/signed`, {
    method: 'POST',
    body: { password },
  });
}
