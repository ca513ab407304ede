import { createHmac, randomBytes } from 'node:crypto';

/** The seal key is 32 random bytes (AES-256), written as base64 or hex. */
export const SECRETS_KEY_BYTES = 32;

/** What to tell an operator who needs a key. */
export const GENERATE_KEY_HINT = 'generate one with `openssl rand -base64 32`';

/** The key that seals secrets kept in the database (A1 certificates, PSC tokens), and a short id to recognise it. */
export interface SecretsKey {
  bytes: Buffer;
  /** 12 hex digits derived from the key (not from its text), written beside every sealed value. */
  id: string;
}

export class MalformedSecretsKeyError extends Error {}

/** Reads a key written as base64 (standard or URL-safe) or hex; throws naming `source` when it is not 32 bytes. */
export function parseSecretsKey(text: string, source: string): SecretsKey {
  const trimmed = text.trim();
  const bytes =
    /^[\da-f]+$/i.test(trimmed) && trimmed.length === SECRETS_KEY_BYTES * 2
      ? Buffer.from(trimmed, 'hex')
      : /^[\w+/-]+={0,2}$/.test(trimmed)
        ? Buffer.from(trimmed, 'base64')
        : undefined;
  if (!bytes) {
    throw new MalformedSecretsKeyError(
      `${source} is not a key: it must be ${SECRETS_KEY_BYTES} random bytes written as base64 or hex (${GENERATE_KEY_HINT})`,
    );
  }
  if (bytes.length !== SECRETS_KEY_BYTES) {
    throw new MalformedSecretsKeyError(
      `${source} holds ${bytes.length} bytes; the key must be ${SECRETS_KEY_BYTES} random bytes written as base64 or hex (${GENERATE_KEY_HINT})`,
    );
  }
  return toSecretsKey(bytes);
}

/** A new random key. */
export function generateSecretsKey(): SecretsKey {
  return toSecretsKey(randomBytes(SECRETS_KEY_BYTES));
}

/** The key as it is written in SECRETS_KEY or a key file: base64. */
export function formatSecretsKey(key: SecretsKey): string {
  return key.bytes.toString('base64');
}

function toSecretsKey(bytes: Buffer): SecretsKey {
  // A one-way value of the key: it tells which key sealed a value without helping to guess the key.
  const id = createHmac('sha256', bytes).update('escriba secrets key id').digest('hex').slice(0, 12);
  return { bytes, id };
}
