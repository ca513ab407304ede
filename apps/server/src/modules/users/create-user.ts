import type { z } from 'zod';
import type { ZCreateUserBody } from '@escriba/contract';
import { eq, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { users, type UserRow } from '../../db/schema/index';
import { recordAudit, requestOrigin } from '../../platform/audit';
import { hashPassword } from '../../platform/auth/passwords';
import { runInBackground } from '../../platform/background';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { verificationMail } from './account-mail';
import { issueCode } from './one-time-codes';
import { assertAcceptablePassword } from './password-policy';

type CreateUserInput = z.output<typeof ZCreateUserBody>;

/** Signs a professional up: the account waits for the e-mail to be confirmed. */
export async function createUser(app: App, input: CreateUserInput, request: FastifyRequest): Promise<UserRow> {
  await app.rateLimits.signUpPerIp.consume(request.ip);
  assertAcceptablePassword(input.password, ['body', 'password']);
  await assertUnique(app, input);
  const passwordHash = await hashPassword(input.password);
  let created: { user: UserRow; code: string };
  try {
    created = await app.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, cpf: input.cpf, phone: input.phone, passwordHash })
        .returning();
      const code = await issueCode(tx, user!.id, 'verify_email');
      await recordAudit(tx, {
        action: 'user.signed_up',
        actorUserId: user!.id,
        subjectUserId: user!.id,
        ...requestOrigin(request),
      });
      return { user: user!, code };
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint !== undefined) throw duplicate(constraint.includes('cpf') ? 'cpf' : 'email');
    throw error;
  }
  const link = `${app.config.publicUrl}/account-verification?code=${encodeURIComponent(created.code)}`;
  runInBackground(app.log, 'verification mail', () => app.mailer.send(verificationMail(created.user, link)));
  return created.user;
}

async function assertUnique(app: App, input: CreateUserInput): Promise<void> {
  const [existing] = await app.db
    .select({ email: users.email, cpf: users.cpf })
    .from(users)
    .where(or(eq(users.email, input.email), eq(users.cpf, input.cpf)))
    .limit(1);
  if (existing) throw duplicate(existing.email === input.email ? 'email' : 'cpf');
}

function duplicate(field: 'email' | 'cpf'): AppError {
  const msg = field === 'email' ? 'E-mail já cadastrado' : 'CPF já cadastrado';
  return new AppError('conflict', [{ loc: ['body', field], msg, type: 'unique' }]);
}
