import type { z } from 'zod';
import type { ZCreateUserBody } from '@escriba/contract';
import { eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import { hashPassword } from '../../platform/auth/passwords';
import { runInBackground } from '../../platform/background';
import type { MailMessage } from '../../platform/mail/mailer';
import type { App } from '../../platform/services';
import { fileCpfClaim } from '../cpf-disputes/file-cpf-claim';
import { signUpAttemptMail } from './account-mail';
import {
  isPendingSignUp,
  issueVerification,
  lockSignUpValues,
  purgeExpiredSignUps,
  removePendingSignUps,
} from './pending-sign-ups';
import { assertAcceptablePassword } from './password-policy';

type CreateUserInput = z.output<typeof ZCreateUserBody>;

/**
 * Signs a professional up (README "Account rules"). Whether the e-mail or CPF is free, held by a
 * pending sign-up or by a registered account, the caller sees the same answer: only mail differs.
 */
export async function createUser(app: App, input: CreateUserInput, origin: RequestOrigin): Promise<void> {
  await app.rateLimits.signUpPerIp.consume(origin.ip);
  assertAcceptablePassword(input.password, ['body', 'password']);
  const passwordHash = await hashPassword(input.password);
  const mails = await app.db.transaction((tx) => signUpIn(app, tx, input, passwordHash, origin));
  for (const mail of mails) runInBackground(app.log, 'sign-up mail', () => app.mailer.send(mail));
}

/** Stores the sign-up, or tells the registered holders of its e-mail or CPF; answers the mails to send. */
async function signUpIn(
  app: App,
  tx: Database,
  input: CreateUserInput,
  passwordHash: string,
  origin: RequestOrigin,
): Promise<MailMessage[]> {
  // The later of two sign-ups for one e-mail or CPF replaces the pending earlier; before the purge's row locks.
  await lockSignUpValues(tx, input.email, input.cpf);
  await purgeExpiredSignUps(app, tx);
  const holders = await tx
    .select()
    .from(users)
    .where(or(eq(users.email, input.email), eq(users.cpf, input.cpf)));
  const registered = holders.filter((holder) => !isPendingSignUp(holder));
  if (registered.length > 0) {
    for (const holder of registered) {
      await recordAudit(tx, {
        action: 'user.sign_up_refused',
        subjectUserId: holder.id,
        ...origin,
        details: {
          matched: [holder.email === input.email && 'email', holder.cpf === input.cpf && 'cpf'].filter(Boolean),
        },
      });
    }
    const mails = registered.map((holder) => signUpAttemptMail(holder, app.config.publicUrl));
    const cpfHolder = registered.find((holder) => holder.cpf === input.cpf);
    // Her e-mail is free but the CPF is another account's: her mailbox may contest it.
    if (cpfHolder && registered.every((holder) => holder.email !== input.email)) {
      mails.push(await fileCpfClaim(app, tx, input, passwordHash, cpfHolder.id));
    }
    return mails;
  }

  await removePendingSignUps(
    tx,
    holders.map((holder) => holder.id),
  );
  const [user] = await tx
    .insert(users)
    .values({
      name: input.name,
      email: input.email,
      cpf: input.cpf,
      phone: input.phone,
      passwordHash,
    })
    .returning();
  for (const holder of holders) {
    await recordAudit(tx, {
      action: 'user.sign_up_replaced',
      subjectUserId: holder.id,
      ...origin,
      details: { replaced_by: user!.id },
    });
  }
  await recordAudit(tx, {
    action: 'user.signed_up',
    actorUserId: user!.id,
    subjectUserId: user!.id,
    ...origin,
  });
  return [await issueVerification(app, tx, user!)];
}
