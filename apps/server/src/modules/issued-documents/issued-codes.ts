import { DOCUMENT_CODE_ALPHABET, DOCUMENT_CODE_LENGTH } from '@escriba/contract';
import { randomInt, timingSafeEqual } from 'node:crypto';

// 25^12 ≈ 6·10^16 addresses: never guessed, never the same twice in practice (the column is unique all the same).
const PUBLIC_ID_LENGTH = 12;

function randomText(length: number): string {
  return Array.from({ length }, () => DOCUMENT_CODE_ALPHABET[randomInt(DOCUMENT_CODE_ALPHABET.length)]).join('');
}

/** The address's id, as the QR code carries it: lower case, without look-alikes. */
export function newPublicId(): string {
  return randomText(PUBLIC_ID_LENGTH).toLowerCase();
}

/** The access code, unformatted ("ABCDEFGH"). */
export function newAccessCode(): string {
  return randomText(DOCUMENT_CODE_LENGTH);
}

/** Whether a code typed (already normalized) is the document's, in constant time. */
export function isAccessCode(typed: string, code: string): boolean {
  const a = Buffer.from(typed);
  const b = Buffer.from(code);
  return a.length === b.length && timingSafeEqual(a, b);
}
