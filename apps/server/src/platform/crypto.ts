import { createHmac, hash, randomBytes } from 'node:crypto';

/** A URL-safe random secret with 256 bits of entropy. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens and codes are stored as SHA-256: enough for high-entropy values, and fast on every request
 * (the one-shot hash costs a quarter of a Hash object's create, update and digest).
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'base64url');
}

export function hmacToken(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}
