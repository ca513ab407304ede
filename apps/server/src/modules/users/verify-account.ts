import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { users } from '../../db/schema/index';
import { recordAudit, requestOrigin } from '../../platform/audit';
import { runInBackground } from '../../platform/background';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { verificationMail } from './account-mail';
import { findUserByEmail } from './find-user';
import { consumeCode, issueCode } from './one-time-codes';

/** Confirms the e-mail with the code it received; the account becomes active. */
export async function verifyAccount(app: App, code: string, request: FastifyRequest): Promise<void> {
  await app.db.transaction(async (tx) => {
    const userId = await consumeCode(tx, code, 'verify_email');
    if (!userId) throw fieldError(['body', 'code'], 'Código inválido, expirado ou já utilizado', 'invalid_code');
    const now = new Date();
    // A suspended account stays suspended; its e-mail is confirmed all the same.
    await tx
      .update(users)
      .set({
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`,
        status: sql`case when ${users.status} = 'pending_verification' then 'active' else ${users.status} end`,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await recordAudit(tx, {
      action: 'user.verified',
      actorUserId: userId,
      subjectUserId: userId,
      ...requestOrigin(request),
    });
  });
}

/** Sends a new verification e-mail when the address belongs to an unverified account; silent otherwise. */
export async function resendVerification(app: App, email: string, request: FastifyRequest): Promise<void> {
  await app.rateLimits.accountMailPerIp.consume(request.ip);
  await app.rateLimits.accountMailPerAccount.consume(email);
  runInBackground(app.log, 'verification resend', async () => {
    const user = await findUserByEmail(app.db, email);
    if (user?.status !== 'pending_verification') return;
    const code = await issueCode(app.db, user.id, 'verify_email');
    await app.mailer.send(
      verificationMail(user, `${app.config.publicUrl}/account-verification?code=${encodeURIComponent(code)}`),
    );
  });
}
