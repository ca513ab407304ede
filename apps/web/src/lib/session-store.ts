import type { TSessionUser, TTokenResponse } from '@escriba/contract';
import { browserCookieJar, readJsonCookie, writeJsonCookie, type CookieJar } from './cookies';

/** Spec §3 "Stored session": kept in the cookie named `session`. */
export interface StoredSession {
  sessionToken: string;
  expiresAt: string;
  session: string;
  streamToken: string;
}

export type StoredUser = TSessionUser;

export const SESSION_COOKIE = 'session';
export const USER_COOKIE = 'user';

// The cookies outlive the token by a day so an expired token still triggers a refresh attempt and a clean sign-out.
const GRACE_SECONDS = 24 * 60 * 60;

export interface SessionState {
  session: StoredSession | undefined;
  user: StoredUser | undefined;
}

/** The stored session and user, backed by cookies, with change listeners. */
export function createSessionStore(jar: CookieJar, now: () => number = Date.now) {
  const listeners = new Set<() => void>();
  // Set by a log-in, read once by the first page after it (an administrator lands on /admin).
  let isFreshLogIn = false;
  // Read lazily: importing the store must not touch `document` (unit tests run without one).
  let state: SessionState | undefined;
  const current = (): SessionState => (state ??= read());

  function read(): SessionState {
    return {
      session: readJsonCookie<StoredSession>(jar, SESSION_COOKIE),
      user: readJsonCookie<StoredUser>(jar, USER_COOKIE),
    };
  }

  function maxAge(expiresAt: string): number {
    return (Date.parse(expiresAt) - now()) / 1000 + GRACE_SECONDS;
  }

  function commit(next: SessionState): void {
    state = next;
    if (next.session) writeJsonCookie(jar, SESSION_COOKIE, next.session, maxAge(next.session.expiresAt));
    else jar.remove(SESSION_COOKIE);
    if (next.user && next.session) writeJsonCookie(jar, USER_COOKIE, next.user, maxAge(next.session.expiresAt));
    else jar.remove(USER_COOKIE);
    listeners.forEach((listener) => listener());
  }

  return {
    getState: current,
    /** Re-reads the cookies: another tab may have signed in or out. */
    reload: (): void => {
      const next = read();
      if (JSON.stringify(next) !== JSON.stringify(current())) commit(next);
    },
    isAuthenticated: () => Boolean(current().session?.sessionToken),
    start: (response: TTokenResponse): void => {
      isFreshLogIn = true;
      commit({
        session: {
          sessionToken: response.access_token,
          expiresAt: response.expires_at,
          session: response.session_id,
          streamToken: response.stream_token,
        },
        user: response.user,
      });
    },
    /** The session a log-in elsewhere handed over (the embedded panel's pop-up, features/embed). */
    adopt: (handed: SessionState): void => {
      commit({ session: handed.session, user: handed.user });
    },
    /** Whether a log-in happened since the last call: true once per log-in. */
    takeFreshLogIn: (): boolean => {
      const wasFresh = isFreshLogIn;
      isFreshLogIn = false;
      return wasFresh;
    },
    updateToken: (sessionToken: string, expiresAt: string): void => {
      const { session, user } = current();
      if (session) commit({ user, session: { ...session, sessionToken, expiresAt } });
    },
    updateUser: (changes: Partial<StoredUser>): void => {
      const { session, user } = current();
      if (user) commit({ session, user: { ...user, ...changes } });
    },
    /** Spec §4: removes token, expiry, session and stream token, and clears the user. */
    clear: (): void => {
      commit({ session: undefined, user: undefined });
    },
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export const sessionStore = createSessionStore(browserCookieJar);
