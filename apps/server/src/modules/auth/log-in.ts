import type { TTokenResponse } from '@escriba/contract';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import { verifyPassword } from '../../platform/auth/passwords';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { findUserByEmail } from '../users/find-user';

const WRONG_CREDENTIALS = 'E-mail ou senha incorretos';

const SUSPENDED = 'Esta conta está suspensa. Fale com o administrador do Escriba para reativá-la.';

/**
 * Opens a session. Unknown e-mail and wrong password get the same answer after the same work (one
 * argon2 verification), so the answer tells nothing about the account; only the right password
 * learns that the account is suspended or not yet confirmed.
 */
export async function logIn(
  app: App,
  username: string,
  password: string,
  origin: RequestOrigin,
): Promise<TTokenResponse> {
  const email = username.trim().toLowerCase();
  const limits = app.rateLimits;
  await limits.loginPerIp.consume(origin.ip);

  const user = await findUserByEmail(app.db, email);
  const account = accountKey(user?.id, email);
  const accountAddress = accountAddressKey(account, origin.ip);
  await limits.loginFailuresPerAccountAddress.assertAllowed(accountAddress);
  await limits.loginFailuresPerAccountAllAddresses.assertAllowed(account);
  const isPasswordRight = await verifyPassword(user?.passwordHash, password.normalize('NFC'));
  const recordFailure = (reason: 'unknown_user' | 'wrong_password' | 'suspended') =>
    recordAudit(app.db, {
      action: 'auth.login_failed',
      subjectUserId: user?.id ?? null,
      ...origin,
      details: { email, reason },
    });
  if (!user || !isPasswordRight) {
    await limits.loginFailuresPerAccountAddress.consume(accountAddress);
    await limits.loginFailuresPerAccountAllAddresses.consume(account);
    await recordFailure(!user ? 'unknown_user' : 'wrong_password');
    throw new AppError('unauthorized', WRONG_CREDENTIALS, { headers: { 'www-authenticate': 'Bearer' } });
  }
  // The right password is no guess: it is not counted as a failure.
  if (user.status === 'suspended') {
    await recordFailure('suspended');
    throw new AppError('locked', SUSPENDED);
  }
  if (user.status === 'pending_verification') {
    throw new AppError('forbidden', 'Confirme seu e-mail antes de entrar: abra o link que enviamos para você.');
  }
  // The all-addresses count is left to run out: it bounds guessing, and the owner is not held by it.
  await limits.loginFailuresPerAccountAddress.reset(accountAddress);

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

/**
 * Lifts the log-in lock of an account after a password reset: the count of all addresses, and
 * that of the address the reset was made from (counts of other addresses cannot be listed; they
 * only hold whoever failed from there, and end with their 15-minute window).
 */
export async function clearLoginFailures(app: App, userId: string, ip: string): Promise<void> {
  const account = accountKey(userId, '');
  await app.rateLimits.loginFailuresPerAccountAllAddresses.reset(account);
  await app.rateLimits.loginFailuresPerAccountAddress.reset(accountAddressKey(account, ip));
}

// By id when the account exists, so that its counts follow it through a change of e-mail.
const accountKey = (userId: string | undefined, email: string) => (userId ? `user:${userId}` : `email:${email}`);
const accountAddressKey = (account: string, ip: string) => `${account}|${ip}`;
