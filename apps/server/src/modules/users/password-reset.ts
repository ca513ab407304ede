import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { clearLoginFailures } from '../auth/log-in';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { runInBackground } from '../../platform/background';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { passwordResetMail } from './account-mail';
import { findUserByEmail, findUserById } from './find-user';
import { consumeCode, inspectCode, issueCode, RESET_CODE_LIFETIME_MS } from './one-time-codes';
import { assertAcceptablePassword } from './password-policy';
import { isExpiredSignUp } from './pending-sign-ups';

/**
 * Mails a reset code when e-mail and CPF match an account. The answer and its timing are the same
 * either way: the lookup and the mail happen after the answer is sent.
 */
export async function requestPasswordReset(app: App, email: string, cpf: string, origin: RequestOrigin): Promise<void> {
  await app.rateLimits.accountMailPerIp.consume(origin.ip);
  await app.rateLimits.accountMailPerAccount.consume(email);
  runInBackground(app.log, 'password reset mail', async () => {
    const user = await findUserByEmail(app.db, email);
    if (!user || user.cpf !== cpf || user.status === 'suspended' || isExpiredSignUp(app, user)) return;
    const code = await issueCode(app.db, user.id, 'reset_password', RESET_CODE_LIFETIME_MS);
    await recordAudit(app.db, {
      action: 'user.password_reset_requested',
      subjectUserId: user.id,
      ...origin,
    });
    await app.mailer.send(
      passwordResetMail(user, `${app.config.publicUrl}/reset-password?code=${encodeURIComponent(code)}`),
    );
  });
}

const CODE = ['querystring', 'code'];
const NEW_PASSWORD = ['querystring', 'new_password'];

/** Refuses a reset code that cannot be used, saying why (the reset page asks before showing its form). */
export async function assertResetCodeUsable(app: App, code: string): Promise<void> {
  const { problem } = await inspectCode(app.db, code, 'reset_password', CODE);
  if (problem) throw problem;
}

/** Sets a new password with a reset code and ends every session of the account. */
export async function resetPassword(app: App, code: string, newPassword: string, origin: RequestOrigin): Promise<void> {
  assertAcceptablePassword(newPassword, NEW_PASSWORD);
  const passwordHash = await hashPassword(newPassword);
  const userId = await app.db.transaction(async (tx) => {
    const state = await inspectCode(tx, code, 'reset_password', CODE);
    if (state.problem) throw state.problem;
    const owner = state.userId;
    const user = await findUserById(tx, owner);
    if (await verifyPassword(user?.passwordHash, newPassword)) {
      throw fieldError(NEW_PASSWORD, 'A nova senha deve ser diferente da senha atual', 'same_password');
    }
    await consumeCode(tx, code, 'reset_password', CODE);
    const now = new Date();
    // Receiving the code proves the mailbox, so an account still waiting for verification is verified
    // too, with the password its owner just chose.
    await tx
      .update(users)
      .set({
        passwordHash,
        updatedAt: now,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`,
        status: sql`case when ${users.status} = 'pending_verification' then 'active' else ${users.status} end`,
      })
      .where(eq(users.id, owner));
    const ended = await app.authenticator.store.revokeAllOfUser(tx, owner, 'password_reset');
    await recordAudit(tx, {
      action: 'user.password_reset',
      actorUserId: owner,
      subjectUserId: owner,
      ...origin,
      details: { sessions_ended: ended.length },
    });
    return owner;
  });
  await app.authenticator.invalidate({ userId });
  await clearLoginFailures(app, userId, origin.ip);
}
