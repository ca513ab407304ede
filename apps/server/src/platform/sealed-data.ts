import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Data kept encrypted with a server key (AES-256-GCM), the key derived from an app secret (secrets.ts)
 * for one purpose. `owner` (the row's id) is authenticated with the data, so sealed data copied onto
 * another row does not open there.
 */
export class SealedData {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose, 32));
  }

  /** The data sealed as base64: IV, authentication tag, then the ciphertext. */
  seal(data: Buffer, owner: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv).setAAD(Buffer.from(owner));
    const encrypted = Buffer.concat([cipher.update(data), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64');
  }

  /** The data sealed for `owner`; throws when it was changed, sealed for another owner or with another key. */
  open(sealed: string, owner: string): Buffer {
    const bytes = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv(ALGORITHM, this.key, bytes.subarray(0, IV_BYTES))
      .setAAD(Buffer.from(owner))
      .setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  }
}
