import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { users } from '../../db/schema/index';
import { recordAudit, requestOrigin } from '../../platform/audit';
import { hashPassword } from '../../platform/auth/passwords';
import { runInBackground } from '../../platform/background';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { passwordResetMail } from './account-mail';
import { findUserByEmail } from './find-user';
import { consumeCode, issueCode } from './one-time-codes';
import { assertAcceptablePassword } from './password-policy';

/**
 * Mails a reset code when e-mail and CPF match an account. The answer and its timing are the same
 * either way: the lookup and the mail happen after the answer is sent.
 */
export async function requestPasswordReset(
  app: App,
  email: string,
  cpf: string,
  request: FastifyRequest,
): Promise<void> {
  await app.rateLimits.accountMailPerIp.consume(request.ip);
  await app.rateLimits.accountMailPerAccount.consume(email);
  runInBackground(app.log, 'password reset mail', async () => {
    const user = await findUserByEmail(app.db, email);
    if (!user || user.cpf !== cpf || user.status === 'suspended') return;
    const code = await issueCode(app.db, user.id, 'reset_password');
    await recordAudit(app.db, {
      action: 'user.password_reset_requested',
      subjectUserId: user.id,
      ...requestOrigin(request),
    });
    await app.mailer.send(
      passwordResetMail(user, `${app.config.publicUrl}/reset-password?code=${encodeURIComponent(code)}`),
    );
  });
}

/** Sets a new password with a reset code and ends every session of the account. */
export async function resetPassword(
  app: App,
  code: string,
  newPassword: string,
  request: FastifyRequest,
): Promise<void> {
  assertAcceptablePassword(newPassword, ['querystring', 'new_password']);
  const passwordHash = await hashPassword(newPassword);
  const userId = await app.db.transaction(async (tx) => {
    const owner = await consumeCode(tx, code, 'reset_password');
    if (!owner) throw fieldError(['querystring', 'code'], 'Código inválido, expirado ou já utilizado', 'invalid_code');
    const now = new Date();
    // Receiving the code proves the mailbox, so an account still waiting for verification is verified too.
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
      ...requestOrigin(request),
      details: { sessions_ended: ended.length },
    });
    return owner;
  });
  await app.authenticator.invalidate({ userId });
}
