import type { TTokenResponse } from '@escriba/contract';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryCookieJar } from './cookies';
import { createSessionStore, SESSION_COOKIE, USER_COOKIE } from './session-store';

const login: TTokenResponse = {
  access_token: 'token-1',
  token_type: 'bearer',
  expires_at: '2030-01-01T12:00:00.000Z',
  session_id: '6f1c3a52-3c1e-4a55-9a49-0f7ad4f0b6a1',
  stream_token: 'stream-1',
  user: { id: '0b8a2f4e-8f0e-4d43-a3a5-1f0f7e5c9d21', name: 'Ana Souza', email: 'ana@x.com', scopes: ['user'] },
};

describe('session store', () => {
  it('starts unauthenticated and stores the four session fields and the user in cookies', () => {
    const jar = createMemoryCookieJar();
    const store = createSessionStore(jar);
    expect(store.isAuthenticated()).toBe(false);
    store.start(login);
    expect(store.isAuthenticated()).toBe(true);
    expect(JSON.parse(decodeURIComponent(jar.entries.get(SESSION_COOKIE) ?? ''))).toEqual({
      sessionToken: 'token-1',
      expiresAt: login.expires_at,
      session: login.session_id,
      streamToken: 'stream-1',
    });
    expect(store.getState().user?.scopes).toEqual(['user']);
  });

  it('reads an existing session back from the cookies', () => {
    const jar = createMemoryCookieJar();
    createSessionStore(jar).start(login);
    expect(createSessionStore(jar).getState().session?.sessionToken).toBe('token-1');
  });

  it('clearing removes the session and the user and notifies listeners', () => {
    const jar = createMemoryCookieJar();
    const store = createSessionStore(jar);
    store.start(login);
    const listener = vi.fn();
    store.subscribe(listener);
    store.clear();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState()).toEqual({ session: undefined, user: undefined });
    expect(jar.entries.has(SESSION_COOKIE)).toBe(false);
    expect(jar.entries.has(USER_COOKIE)).toBe(false);
    expect(store.isAuthenticated()).toBe(false);
  });

  it('updates the token and expiry, keeping session id and stream token', () => {
    const store = createSessionStore(createMemoryCookieJar());
    store.start(login);
    store.updateToken('token-2', '2030-01-02T12:00:00.000Z');
    expect(store.getState().session).toMatchObject({ sessionToken: 'token-2', streamToken: 'stream-1' });
  });

  it('drops an unreadable cookie', () => {
    const jar = createMemoryCookieJar();
    jar.entries.set(SESSION_COOKIE, '%E0%A4%A');
    expect(createSessionStore(jar).isAuthenticated()).toBe(false);
    expect(jar.entries.has(SESSION_COOKIE)).toBe(false);
  });
});
