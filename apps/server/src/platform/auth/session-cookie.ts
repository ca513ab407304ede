import { z } from 'zod';

// Spec §3 "Stored session": the web app keeps it in the cookie `session` as URI-encoded JSON
// (apps/web/src/lib/cookies.ts); sessionToken is the bearer token itself.
const SESSION_COOKIE = 'session';
const ZStoredSession = z.object({ sessionToken: z.string().min(1) });

/** The bearer token held by the web app's `session` cookie in a Cookie header, or undefined. */
export function sessionCookieToken(cookieHeader: string | undefined): string | undefined {
  const prefix = `${SESSION_COOKIE}=`;
  const value = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  if (!value) return undefined;
  try {
    const stored = ZStoredSession.safeParse(JSON.parse(decodeURIComponent(value)));
    return stored.success ? stored.data.sessionToken : undefined;
  } catch {
    // Not JSON or not URI-encoded: as good as no cookie, so the caller gets the usual 401.
    return undefined;
  }
}
