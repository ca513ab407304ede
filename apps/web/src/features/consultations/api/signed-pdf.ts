import { api } from '../../../lib/session';

/** POST …/pdf/signed: a PDF signed with the professional's A1 certificate, opened with the password she typed. */
export function requestSignedPdf(path: string, password: string): Promise<Blob> {
  return api<Blob>(path, { method: 'POST', body: { password } });
}
