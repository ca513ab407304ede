import { describe, expect, it, vi } from 'vitest';
import { createMemoryCookieJar } from './cookies';
import { createSessionStore } from './session-store';
import { createRefreshCheck, shouldRefresh } from './token-refresh';

const NOW = Date.parse('2030-01-01T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;

function setup(expiresAt: string | undefined, refresh = vi.fn()) {
  const store = createSessionStore(createMemoryCookieJar(), () => NOW);
  if (expiresAt !== undefined) {
    store.start({
      access_token: 'old',
      token_type: 'bearer',
      expires_at: expiresAt,
      session_id: '6f1c3a52-3c1e-4a55-9a49-0f7ad4f0b6a1',
      stream_token: 's',
      user: { id: '0b8a2f4e-8f0e-4d43-a3a5-1f0f7e5c9d21', name: 'Ana', email: 'a@x.com', scopes: ['user'] },
    });
  }
  const deps = { store, openLiveConnection: vi.fn(), refresh, onFailure: vi.fn(), now: () => NOW };
  return { store, deps, check: createRefreshCheck(deps) };
}

describe('shouldRefresh', () => {
  it('refreshes within the hour and not before', () => {
    expect(shouldRefresh(new Date(NOW + HOUR - 1).toISOString(), NOW)).toBe(true);
    expect(shouldRefresh(new Date(NOW + HOUR + 1000).toISOString(), NOW)).toBe(false);
    expect(shouldRefresh(new Date(NOW - 1).toISOString(), NOW)).toBe(true);
    expect(shouldRefresh('garbage', NOW)).toBe(true);
  });
});

describe('refresh check', () => {
  it('does nothing while unauthenticated', async () => {
    const { deps, check } = setup(undefined);
    await check();
    expect(deps.openLiveConnection).not.toHaveBeenCalled();
    expect(deps.refresh).not.toHaveBeenCalled();
  });

  it('opens the live connection first and leaves a token with more than an hour alone', async () => {
    const { deps, check } = setup(new Date(NOW + 2 * HOUR).toISOString());
    await check();
    expect(deps.openLiveConnection).toHaveBeenCalledTimes(1);
    expect(deps.refresh).not.toHaveBeenCalled();
  });

  it('refreshes a token expiring within the hour and stores the new one', async () => {
    const expiresAt = new Date(NOW + 8 * HOUR).toISOString();
    const refresh = vi.fn(() => Promise.resolve({ access_token: 'new', expires_at: expiresAt }));
    const { store, deps, check } = setup(new Date(NOW + 30 * 60 * 1000).toISOString(), refresh);
    await Promise.all([check(), check()]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(deps.openLiveConnection.mock.invocationCallOrder[0]).toBeLessThan(refresh.mock.invocationCallOrder[0] ?? 0);
    expect(store.getState().session).toMatchObject({ sessionToken: 'new', expiresAt, streamToken: 's' });
  });

  it('reports a failed refresh', async () => {
    const refresh = vi.fn(() => Promise.reject(new Error('401')));
    const { deps, check } = setup(new Date(NOW + 60_000).toISOString(), refresh);
    await check();
    expect(deps.onFailure).toHaveBeenCalledTimes(1);
  });
});
