import type { App } from '../../platform/services';

/**
 * The balance moved: sessions cached with the user row (GET /user/me/ answers `credits` from them) are dropped
 * here and on every instance, as a change to the account is; live connections only re-check theirs. Call it
 * after the movement commits.
 */
export function refreshBalance(app: App, userId: string): Promise<void> {
  return app.authenticator.invalidate({ userId });
}
