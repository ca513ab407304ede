import { CERTIFICATE_KEY_PROBLEMS } from '@escriba/contract';
import { AppError } from '../../platform/errors';
import { SecretsKeyUnavailableError, type SecretSeal } from '../../platform/secrets/secret-seal';

/** The A1 file sealed with the server's key for its owner; 409 when the server has no key (SECRETS_KEY). */
export function sealCertificate(secrets: SecretSeal, file: Buffer, userId: string): string {
  return withSecretsKey(() => secrets.seal('user-certificates', file, userId));
}

/** The A1 file unsealed; 409 saying so when the server lacks the key it was sealed with. */
export function openSealedCertificate(secrets: SecretSeal, sealedFile: string, userId: string): Buffer {
  return withSecretsKey(() => secrets.open('user-certificates', sealedFile, userId));
}

/** What `work` answers; 409 saying so when the server lacks the key a secret needs (SECRETS_KEY). */
export function withSecretsKey<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof SecretsKeyUnavailableError)
      throw new AppError('conflict', CERTIFICATE_KEY_PROBLEMS[error.status]);
    throw error;
  }
}
