import { isFramed } from './embed-frame';

/** Where the stored session, user and common data live (spec §3). */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, maxAgeSeconds: number): void;
  remove(name: string): void;
}

/** Browsers drop a cookie whose name and value exceed 4096 bytes (RFC 6265 §6.1). */
export const COOKIE_MAX_BYTES = 4096;

// Spec §9: every cookie is secure and same-site strict. Secure cookies still work on http://localhost.
const FIRST_PARTY = 'Path=/; Secure; SameSite=Strict';
// Inside another site's frame (the embedded panel) a same-site cookie is neither read nor written: there the
// session lives in a cookie partitioned by the framing site (CHIPS), which no other site's frame sees.
const FRAMED = 'Path=/; Secure; SameSite=None; Partitioned';
const attributes = () => (isFramed() ? FRAMED : FIRST_PARTY);

export function cookieSize(name: string, value: string): number {
  return new TextEncoder().encode(`${name}=${value}`).length;
}

export const browserCookieJar: CookieJar = {
  get(name) {
    const prefix = `${name}=`;
    const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
    return entry?.slice(prefix.length);
  },
  set(name, value, maxAgeSeconds) {
    if (cookieSize(name, value) > COOKIE_MAX_BYTES)
      throw new Error(`Cookie "${name}" exceeds ${COOKIE_MAX_BYTES} bytes`);
    document.cookie = `${name}=${value}; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; ${attributes()}`;
  },
  remove(name) {
    document.cookie = `${name}=; Max-Age=0; ${attributes()}`;
  },
};

/** A jar kept in memory, for tests and for code paths without a document. */
export function createMemoryCookieJar(): CookieJar & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get: (name) => entries.get(name),
    set: (name, value) => void entries.set(name, value),
    remove: (name) => void entries.delete(name),
  };
}

export function readJsonCookie<T>(jar: CookieJar, name: string): T | undefined {
  const raw = jar.get(name);
  if (!raw) return undefined;
  try {
    return JSON.parse(decodeURIComponent(raw)) as T;
  } catch {
    // A cookie we cannot read (edited by hand, older format) is as good as none.
    jar.remove(name);
    return undefined;
  }
}

export function writeJsonCookie(jar: CookieJar, name: string, value: unknown, maxAgeSeconds: number): void {
  jar.set(name, encodeURIComponent(JSON.stringify(value)), maxAgeSeconds);
}
