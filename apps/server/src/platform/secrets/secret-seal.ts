import { hkdfSync } from 'node:crypto';
import { decrypt, encrypt } from './aes-gcm';
import type { SecretsKey } from './secrets-key';

/** What is sealed: each kind has a key of its own derived from the seal key. */
export type SecretKind = 'user-certificates' | 'psc-tokens' | 'psc-client-secrets';

/** Whether the server's key opens a sealed value: `missing` without a key, `different` when another key sealed it. */
export type SealKeyStatus = 'available' | 'missing' | 'different';

// "s1.<key id>.<base64 of IV, tag, ciphertext>": the key id says which key sealed it, so a rotation or a restore
// with another key is told apart from damaged data. Values sealed before (base64 alone) never carry a dot.
const FORMAT = 's1';

export class SecretsKeyUnavailableError extends Error {
  constructor(readonly status: Exclude<SealKeyStatus, 'available'>) {
    super(
      status === 'missing'
        ? 'No secrets key is configured (SECRETS_KEY or SECRETS_KEY_FILE)'
        : 'The secret was sealed with another key than SECRETS_KEY',
    );
  }
}

/**
 * Seals and opens secrets kept in the database (AES-256-GCM) with the key from SECRETS_KEY or its file
 * (secrets-custody.ts), never with one kept in the database. `owner` (the row's id) is authenticated with the
 * data, so a value copied onto another row does not open there. Without a key nothing seals or opens.
 */
export class SecretSeal {
  constructor(readonly key: SecretsKey | undefined) {}

  /** The data sealed for `owner`, as text for a column. */
  seal(kind: SecretKind, data: Buffer, owner: string): string {
    const key = this.requireKey();
    return `${FORMAT}.${key.id}.${encrypt(derive(key, kind), data, owner).toString('base64')}`;
  }

  /** The data sealed for `owner`; SecretsKeyUnavailableError without the key that sealed it, an Error when changed. */
  open(kind: SecretKind, sealed: string, owner: string): Buffer {
    const key = this.requireKey();
    const parts = sealed.split('.');
    if (parts.length !== 3 || parts[0] !== FORMAT || parts[1] !== key.id) {
      throw new SecretsKeyUnavailableError('different');
    }
    return decrypt(derive(key, kind), Buffer.from(parts[2]!, 'base64'), owner);
  }

  /** Whether `open` can open the value, told without opening it. */
  keyStatus(sealed: string): SealKeyStatus {
    if (!this.key) return 'missing';
    return sealedKeyId(sealed) === this.key.id ? 'available' : 'different';
  }

  private requireKey(): SecretsKey {
    if (!this.key) throw new SecretsKeyUnavailableError('missing');
    return this.key;
  }
}

/** The id of the key that sealed a value; undefined for a value sealed before keys had ids. */
export function sealedKeyId(sealed: string): string | undefined {
  const parts = sealed.split('.');
  return parts.length === 3 && parts[0] === FORMAT ? parts[1] : undefined;
}

function derive(key: SecretsKey, kind: SecretKind): Buffer {
  return Buffer.from(hkdfSync('sha256', key.bytes, Buffer.alloc(0), kind, 32));
}
