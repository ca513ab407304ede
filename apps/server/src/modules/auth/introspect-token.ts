import type { TIntrospectResponse } from '@escriba/contract';
import type { App } from '../../platform/services';

/** RFC 7662: what a token grants, or `{ active: false }` for anything not currently usable. */
export async function introspectToken(app: App, token: string): Promise<TIntrospectResponse> {
  const store = app.authenticator.store;
  const active = await store.findByToken(token);
  if (!active || store.expiryReason(active)) return { active: false };
  const { session, user } = active;
  return {
    active: true,
    sub: user.id,
    username: user.email,
    scope: user.scopes.join(' '),
    token_type: 'bearer',
    exp: Math.floor(session.tokenExpiresAt.getTime() / 1000),
    iat: Math.floor(session.createdAt.getTime() / 1000),
    sid: session.id,
  };
}
