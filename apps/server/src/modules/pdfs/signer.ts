import type { TSignBody } from '@escriba/contract';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { unlockCloudCertificate } from '../cloud-certificates/unlock-cloud-certificate';
import { unlockCertificate, type UnlockedCertificate } from '../certificates/unlock-certificate';

/** What signs an issued PDF: the A1 certificate of the profile with its password, or the connected cloud one. */
export type Signer = { kind: 'a1'; password: string } | { kind: 'cloud' };

/** The signer a sign request names: 422 on password for an A1 signature without it. */
export function signerOf(body: TSignBody): Signer {
  if (body.signer === 'cloud') return { kind: 'cloud' };
  if (body.password === undefined) throw fieldError(['body', 'password'], 'Informe a senha do certificado');
  return { kind: 'a1', password: body.password };
}

/** The certificate and key that sign `at`: unlock-certificate.ts and unlock-cloud-certificate.ts say what they refuse. */
export function unlockSigner(app: App, userId: string, signer: Signer, at: Date): Promise<UnlockedCertificate> {
  return signer.kind === 'a1'
    ? unlockCertificate(app, userId, signer.password, at)
    : unlockCloudCertificate(app, userId, at);
}
