import type { z } from 'zod';
import type { ZCreateUserBody } from '@escriba/contract';
import { eq, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { recordAudit, requestOrigin } from '../../platform/audit';
import { hashPassword } from '../../platform/auth/passwords';
import { runInBackground } from '../../platform/background';
import type { MailMessage } from '../../platform/mail/mailer';
import type { App } from '../../platform/services';
import { lockValues } from '../../platform/value-locks';
import { signUpAttemptMail } from './account-mail';
import { isPendingSignUp, issueVerification, purgeExpiredSignUps, removePendingSignUps } from './pending-sign-ups';
import { assertAcceptablePassword } from './password-policy';

type CreateUserInput = z.output<typeof ZCreateUserBody>;

/**
 * Signs a professional up (README "Account rules"). Whether the e-mail or CPF is free, held by a
 * pending sign-up or by a registered account, the caller sees the same answer: only mail differs.
 */
export async function createUser(app: App, input: CreateUserInput, request: FastifyRequest): Promise<void> {
  await app.rateLimits.signUpPerIp.consume(request.ip);
  assertAcceptablePassword(input.password, ['body', 'password']);
  const passwordHash = await hashPassword(input.password);
  const mails = await app.db.transaction((tx) => signUpIn(app, tx, input, passwordHash, request));
  for (const mail of mails) runInBackground(app.log, 'sign-up mail', () => app.mailer.send(mail));
}

/** Stores the sign-up, or tells the registered holders of its e-mail or CPF; answers the mails to send. */
async function signUpIn(
  app: App,
  tx: Database,
  input: CreateUserInput,
  passwordHash: string,
  request: FastifyRequest,
): Promise<MailMessage[]> {
  // Sign-ups for one e-mail or CPF take turns: each sees the one before it, as if they came one by
  // one (the later replaces the pending earlier), and none meets the unique index. Before any row
  // lock (the purge takes some), so no two sign-ups wait on each other in a cycle.
  await lockValues(tx, [`sign-up:email:${input.email}`, `sign-up:cpf:${input.cpf}`]);
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
