import type { z } from 'zod';
import type { ZCreateUserBody } from '@escriba/contract';
import { eq, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { recordAudit, requestOrigin } from '../../platform/audit';
import { hashPassword } from '../../platform/auth/passwords';
import { runInBackground } from '../../platform/background';
import { uniqueViolation } from '../../platform/db-errors';
import type { MailMessage } from '../../platform/mail/mailer';
import type { App } from '../../platform/services';
import { signUpAttemptMail } from './account-mail';
import { isPendingSignUp, issueVerification, purgeExpiredSignUps, removePendingSignUps } from './pending-sign-ups';
import { assertAcceptablePassword } from './password-policy';

type CreateUserInput = z.output<typeof ZCreateUserBody>;

// Two sign-ups for one e-mail at once: the loser's insert meets the winner's row, and its retry
// replaces it like any pending sign-up.
const ATTEMPTS = 3;

/**
 * Signs a professional up (README "Account rules"). Whether the e-mail or CPF is free, held by a
 * pending sign-up or by a registered account, the caller sees the same answer: only mail differs.
 */
export async function createUser(app: App, input: CreateUserInput, request: FastifyRequest): Promise<void> {
  await app.rateLimits.signUpPerIp.consume(request.ip);
  assertAcceptablePassword(input.password, ['body', 'password']);
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const mails = await app.db.transaction((tx) => signUpIn(app, tx, input, passwordHash, request));
      for (const mail of mails) runInBackground(app.log, 'sign-up mail', () => app.mailer.send(mail));
      return;
    } catch (error) {
      if (attempt === ATTEMPTS || uniqueViolation(error) === undefined) throw error;
    }
  }
}

/** Stores the sign-up, or tells the registered holders of its e-mail or CPF; answers the mails to send. */
async function signUpIn(
  app: App,
  tx: Database,
  input: CreateUserInput,
  passwordHash: string,
  request: FastifyRequest,
): Promise<MailMessage[]> {
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
        ...requestOrigin(request),
        details: {
          matched: [holder.email === input.email && 'email', holder.cpf === input.cpf && 'cpf'].filter(Boolean),
        },
      });
    }
    return registered.map((holder) => signUpAttemptMail(holder, app.config.publicUrl));
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
      // Someone else may have signed this e-mail up before: the mailbox owner chooses the password on verifying.
      mustChoosePassword: holders.some((holder) => holder.email === input.email),
    })
    .returning();
  for (const holder of holders) {
    await recordAudit(tx, {
      action: 'user.sign_up_replaced',
      subjectUserId: holder.id,
      ...requestOrigin(request),
      details: { replaced_by: user!.id },
    });
  }
  await recordAudit(tx, {
    action: 'user.signed_up',
    actorUserId: user!.id,
    subjectUserId: user!.id,
    ...requestOrigin(request),
  });
  return [await issueVerification(app, tx, user!)];
}
