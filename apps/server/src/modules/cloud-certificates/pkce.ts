import { createHash, randomBytes } from 'node:crypto';

/** RFC 7636: a verifier of 43 characters (32 random bytes, base64url) and its S256 challenge. */
export function newCodeVerifier(): string {
  return randomBytes(32).toString('base64url');
}

export function codeChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** The `state` that ties the provider's answer to the authorisation begun here. */
export function newState(): string {
  return randomBytes(24).toString('base64url');
}
