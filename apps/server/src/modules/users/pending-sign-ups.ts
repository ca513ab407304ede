import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema/index';
import { recordAudit } from '../../platform/audit';
import { lockValues } from '../../platform/value-locks';
import type { MailMessage } from '../../platform/mail/mailer';
import type { App } from '../../platform/services';
import { verificationMail } from './account-mail';
import { issueCode } from './one-time-codes';

// Rules for sign-ups whose e-mail is not confirmed yet: README "Account rules".

const pending = and(eq(users.status, 'pending_verification'), isNull(users.emailVerifiedAt));

/** A sign-up whose e-mail nobody has confirmed yet: it holds no claim on its e-mail or CPF. */
export function isPendingSignUp(user: Pick<UserRow, 'status' | 'emailVerifiedAt'>): boolean {
  return user.status === 'pending_verification' && user.emailVerifiedAt === null;
}

/** A pending sign-up past UNVERIFIED_ACCOUNT_HOURS: it can no longer be verified and is removed at the next sign-up. */
export function isExpiredSignUp(app: App, user: Pick<UserRow, 'status' | 'emailVerifiedAt' | 'createdAt'>): boolean {
  return isPendingSignUp(user) && user.createdAt.getTime() <= Date.now() - app.config.unverifiedAccountMs;
}

/**
 * Removes the expired pending sign-ups. Run by every sign-up, the only way one comes to exist, so
 * they never outnumber one expiry window's worth of sign-ups.
 */
export async function purgeExpiredSignUps(app: App, db: Database): Promise<void> {
  const cutoff = new Date(Date.now() - app.config.unverifiedAccountMs);
  const expired = await db
    .delete(users)
    .where(and(pending, lt(users.createdAt, cutoff)))
    .returning({ id: users.id });
  for (const { id } of expired) await recordAudit(db, { action: 'user.sign_up_expired', subjectUserId: id });
}

/** Removes pending sign-ups that a new sign-up replaces; one verified meanwhile stays. Answers how many went. */
export async function removePendingSignUps(db: Database, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const removed = await db
    .delete(users)
    .where(and(inArray(users.id, ids), pending))
    .returning({ id: users.id });
  return removed.length;
}

/**
 * Makes the changes that give an e-mail or a CPF to an account take turns: each sees the one before
 * it, as if they came one by one, and none meets the unique index. Taken before any row lock, so no
 * two wait on each other in a cycle.
 */
export async function lockSignUpValues(tx: Database, email: string, cpf: string): Promise<void> {
  await lockValues(tx, [`sign-up:email:${email}`, `sign-up:cpf:${cpf}`]);
}

/** Issues a verification code (earlier ones stop working); answers the mail to send once the change is committed. */
export async function issueVerification(app: App, db: Database, user: UserRow): Promise<MailMessage> {
  const code = await issueCode(db, user.id, 'verify_email', app.config.unverifiedAccountMs);
  const link = `${app.config.publicUrl}/account-verification?code=${encodeURIComponent(code)}`;
  return verificationMail(user.email, link, Math.round(app.config.unverifiedAccountMs / 3_600_000));
}
