import type { TRefreshResponse } from '@escriba/contract';
import type { SessionStore } from './session-store';

/** Spec §9: a token expiring within 1 hour is refreshed. */
export const REFRESH_WINDOW_MS = 60 * 60 * 1000;

export function shouldRefresh(expiresAt: string, now: number): boolean {
  const expiry = Date.parse(expiresAt);
  return Number.isNaN(expiry) || expiry - now < REFRESH_WINDOW_MS;
}

export interface RefreshCheckDeps {
  store: Pick<SessionStore, 'getState' | 'reload' | 'updateToken'>;
  openLiveConnection: () => void;
  refresh: () => Promise<TRefreshResponse>;
  /** Spec §4: close the live connection, clear the session, go to /log-in. */
  onFailure: () => void;
  now?: () => number;
}

/**
 * Spec §4 token refresh, run when the app mounts and at the start of each page. Concurrent
 * callers share one check, so a page and its guard never refresh twice.
 */
export function createRefreshCheck(deps: RefreshCheckDeps): () => Promise<void> {
  const now = deps.now ?? Date.now;
  let inFlight: Promise<void> | undefined;

  async function run(): Promise<void> {
    // Another tab may have signed out or in since the last page.
    deps.store.reload();
    const { session } = deps.store.getState();
    if (!session?.sessionToken || !session.expiresAt) return;
    deps.openLiveConnection();
    if (!shouldRefresh(session.expiresAt, now())) return;
    try {
      const refreshed = await deps.refresh();
      deps.store.updateToken(refreshed.access_token, refreshed.expires_at);
    } catch {
      deps.onFailure();
    }
  }

  return () => (inFlight ??= run().finally(() => (inFlight = undefined)));
}
