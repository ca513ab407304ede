import { describe, expect, it } from 'vitest';
import { sessionCookieToken } from './session-cookie';

const stored = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('sessionCookieToken', () => {
  it('reads sessionToken from the session cookie the web app writes, among other cookies', () => {
    const session = stored({
      sessionToken: 'abc.DEF-123',
      expiresAt: '2026-11-20T10:00:00Z',
      session: 's',
      streamToken: 't',
    });
    expect(sessionCookieToken(`user=${stored({ id: 'u' })}; session=${session}; common=x`)).toBe('abc.DEF-123');
    expect(sessionCookieToken(`session=${session}`)).toBe('abc.DEF-123');
  });

  it('answers undefined without the cookie or when it cannot be read', () => {
    for (const header of [
      undefined,
      '',
      'user=abc',
      'my-session=abc',
      'session=',
      'session=%E0%A4%A',
      'session=not-json',
      `session=${stored({ sessionToken: 42 })}`,
      `session=${stored({ sessionToken: '' })}`,
    ]) {
      expect(sessionCookieToken(header), header).toBeUndefined();
    }
  });
});
