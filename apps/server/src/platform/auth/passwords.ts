import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

// argon2id with the library defaults (19 MiB, 2 passes): OWASP's recommended minimum.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a stored hash (unknown e-mail) it verifies
 * against a dummy hash, so an unknown account takes as long to refuse as a wrong password.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash) return verify(storedHash, password);
  dummyHash ??= hash('escriba-dummy-password');
  await verify(await dummyHash, password);
  return false;
}

const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

/** True for passwords found in public lists of the most used ones (zxcvbn's list, ~49,000 entries). */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return COMMON_PASSWORDS.has(lower) || /^(.)\1+$/.test(lower) || '01234567890123456789'.includes(lower);
}
