import { eq } from 'drizzle-orm';
import { users, type UserRow } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/services';
import type { Tx } from '../../platform/transaction';
import { grantSignUpCredits } from '../credits/sign-up-credits';
import { findUserByEmail } from './find-user';
import { isPendingSignUp, lockSignUpValues, removePendingSignUps } from './pending-sign-ups';

/** Who contested a CPF, as kept with the dispute; her mailbox was proved when she opened it. */
export interface CpfClaimant {
  cpf: string;
  email: string;
  name: string;
  phone: string;
  passwordHash: string;
}

/**
 * Gives a CPF to the person who contested it: the account holding it is suspended without it (its
 * sessions revoked; the caller invalidates them after commit), and the claimant's account is made,
 * active, with the sign-up credits. A pending sign-up of her e-mail gives way; a registered one is a 409.
 */
export async function transferCpf(
  app: App,
  tx: Tx,
  holderId: string,
  claimant: CpfClaimant,
): Promise<{ claimant: UserRow; sessionsEnded: number }> {
  await lockSignUpValues(tx, claimant.email, claimant.cpf);
  const sameEmail = await findUserByEmail(tx, claimant.email);
  if (sameEmail && !isPendingSignUp(sameEmail)) {
    throw new AppError(
      'conflict',
      'O e-mail de quem contesta já tem uma conta no Escriba: resolva mantendo o CPF e fale com as duas pessoas.',
    );
  }
  if (sameEmail) await removePendingSignUps(tx, [sameEmail.id]);
  const now = new Date();
  await tx.update(users).set({ status: 'suspended', cpf: null, updatedAt: now }).where(eq(users.id, holderId));
  const ended = await app.authenticator.store.revokeAllOfUser(tx, holderId, 'suspended');
  const [created] = await tx
    .insert(users)
    .values({
      name: claimant.name,
      email: claimant.email,
      cpf: claimant.cpf,
      phone: claimant.phone,
      passwordHash: claimant.passwordHash,
      status: 'active',
      emailVerifiedAt: now,
    })
    .returning();
  await grantSignUpCredits(app, tx, created!.id);
  return { claimant: created!, sessionsEnded: ended.length };
}
