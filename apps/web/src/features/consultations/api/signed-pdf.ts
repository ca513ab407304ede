import { api } from '../../../lib/session';

/** What signs: the profile's A1 certificate with the password she typed, or her connected cloud certificate. */
export type SignWith = { signer: 'a1'; password: string } | { signer: 'cloud' };

/** POST …/pdf/signed: a PDF signed as `signWith` says. */
export function requestSignedPdf(path: string, signWith: SignWith): Promise<Blob> {
  return api<Blob>(path, { method: 'POST', body: signWith });
}
