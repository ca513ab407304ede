import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import { runInBackground } from '../../platform/background';
import { grantSignUpCredits } from '../credits/sign-up-credits';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { findUserByEmail, findUserById } from './find-user';
import { consumeCode, inspectCode, invalidCode } from './one-time-codes';
import { assertSignUpPassword, hashNewPassword, type LinkPasswords } from './link-password';
import { isExpiredSignUp, isPendingSignUp, issueVerification } from './pending-sign-ups';

export type VerificationOutcome = 'verified' | 'already_verified';

const CODE = ['body', 'code'];
const QUERY_CODE = ['querystring', 'code'];

/**
 * Confirms the e-mail with the code it received; the account becomes active with the password
 * chosen at sign-up, typed again here, or a new one that voids it (README "Account rules"). Without
 * either, a usable code gets a 422 on `password` and stays good.
 */
export async function verifyAccount(
  app: App,
  code: string,
  passwords: LinkPasswords,
  origin: RequestOrigin,
): Promise<VerificationOutcome> {
  const newPasswordHash = await hashNewPassword(passwords);
  return app.db.transaction(async (tx) => {
    const user = await readVerificationCode(app, tx, code, CODE);
    if (user.emailVerifiedAt) return 'already_verified';
    await assertSignUpPassword(user.passwordHash, passwords, newPasswordHash);
    await consumeCode(tx, code, 'verify_email', CODE);
    const now = new Date();
    // A suspended account stays suspended; its e-mail is confirmed all the same.
    await tx
      .update(users)
      .set({
        emailVerifiedAt: now,
        status: sql`case when ${users.status} = 'pending_verification' then 'active' else ${users.status} end`,
        ...(newPasswordHash === undefined ? {} : { passwordHash: newPasswordHash }),
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await grantSignUpCredits(app, tx, user.id);
    await recordAudit(tx, {
      action: 'user.verified',
      actorUserId: user.id,
      subjectUserId: user.id,
      ...origin,
      details: { credentials_chosen: newPasswordHash !== undefined },
    });
    return 'verified';
  });
}

/**
 * What the verification page asks before the password: is the link good, and is its account verified already?
 * Nothing is used up; a bad link gets the 422 on `code` that verifying would get.
 */
export async function checkVerificationCode(app: App, code: string): Promise<VerificationOutcome | 'usable'> {
  const user = await readVerificationCode(app, app.db, code, QUERY_CODE);
  return user.emailVerifiedAt ? 'already_verified' : 'usable';
}

/** The account a verification code belongs to, when it is verified already or the code can still verify it. */
async function readVerificationCode(app: App, db: Database, code: string, loc: string[]): Promise<UserRow> {
  const state = await inspectCode(db, code, 'verify_email', loc);
  const user = state.userId === undefined ? undefined : await findUserById(db, state.userId);
  // Only the mailbox owner holds the code, so saying the account is verified tells no one else anything.
  if (user?.emailVerifiedAt) return user;
  if (!user || state.problem) throw state.problem ?? invalidCode(loc);
  if (isExpiredSignUp(app, user)) {
    throw fieldError(loc, 'Este cadastro expirou sem confirmação: cadastre-se de novo', 'invalid_code');
  }
  return user;
}

/**
 * Sends a new verification e-mail when the address belongs to a pending sign-up; silent otherwise.
 * Whoever asks need not be the one who signed up: verifying still asks for the sign-up password or a new one.
 */
export async function resendVerification(app: App, email: string, origin: RequestOrigin): Promise<void> {
  await app.rateLimits.accountMailPerIp.consume(origin.ip);
  await app.rateLimits.accountMailPerAccount.consume(email);
  runInBackground(app.log, 'verification resend', async () => {
    const user = await findUserByEmail(app.db, email);
    if (!user || !isPendingSignUp(user) || isExpiredSignUp(app, user)) return;
    const mail = await app.db.transaction(async (tx) => {
      await recordAudit(tx, {
        action: 'user.verification_resent',
        subjectUserId: user.id,
        ...origin,
      });
      return issueVerification(app, tx, user);
    });
    await app.mailer.send(mail);
  });
}
