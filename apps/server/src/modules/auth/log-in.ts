import type { TTokenResponse } from '@escriba/contract';
import type { FastifyRequest } from 'fastify';
import { recordAudit, requestOrigin } from '../../platform/audit';
import { verifyPassword } from '../../platform/auth/passwords';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { findUserByEmail } from '../users/find-user';

const WRONG_CREDENTIALS = 'E-mail ou senha incorretos';

/**
 * Opens a session. Unknown e-mail, wrong password and suspended account get the same answer after
 * the same work (one argon2 verification), so the answer tells nothing about the account.
 */
export async function logIn(
  app: App,
  username: string,
  password: string,
  request: FastifyRequest,
): Promise<TTokenResponse> {
  const email = username.trim().toLowerCase();
  const origin = requestOrigin(request);
  await app.rateLimits.loginPerIp.consume(request.ip);
  await app.rateLimits.loginFailuresPerAccount.assertAllowed(email);

  const user = await findUserByEmail(app.db, email);
  const isPasswordRight = await verifyPassword(user?.passwordHash, password.normalize('NFC'));
  if (!user || !isPasswordRight || user.status === 'suspended') {
    await app.rateLimits.loginFailuresPerAccount.consume(email);
    await recordAudit(app.db, {
      action: 'auth.login_failed',
      subjectUserId: user?.id ?? null,
      ...origin,
      details: { email, reason: !user ? 'unknown_user' : !isPasswordRight ? 'wrong_password' : 'suspended' },
    });
    throw new AppError('unauthorized', WRONG_CREDENTIALS, { headers: { 'www-authenticate': 'Bearer' } });
  }
  if (user.status === 'pending_verification') {
    throw new AppError('forbidden', 'Confirme seu e-mail antes de entrar: abra o link que enviamos para você.');
  }
  await app.rateLimits.loginFailuresPerAccount.reset(email);

  const { session, accessToken, streamToken } = await app.authenticator.store.create(user.id, origin);
  await recordAudit(app.db, {
    action: 'auth.login_succeeded',
    actorUserId: user.id,
    subjectUserId: user.id,
    ...origin,
    details: { session_id: session.id },
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_at: session.tokenExpiresAt.toISOString(),
    session_id: session.id,
    stream_token: streamToken,
    user: { id: user.id, name: user.name, email: user.email, scopes: user.scopes },
  };
}
