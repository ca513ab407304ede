import { and, eq } from 'drizzle-orm';
import { cpfDisputes } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import { hashToken } from '../../platform/crypto';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { findUserById } from '../users/find-user';
import { assertSignUpPassword, hashNewPassword, type LinkPasswords } from '../users/link-password';
import { invalidCode } from '../users/one-time-codes';

export type DisputeOpening = 'opened' | 'already_open';

const CODE = ['body', 'code'];

/**
 * Opens the CPF dispute of the mailed link for the administrators, once its password is typed as on
 * the verification page: the sign-up one again, or a new one that replaces it. Following the link
 * proves the mailbox; the password, that whoever follows it is whoever signed up or now chooses.
 */
export async function openCpfDispute(
  app: App,
  code: string,
  passwords: LinkPasswords,
  origin: RequestOrigin,
): Promise<DisputeOpening> {
  await app.rateLimits.accountMailPerIp.consume(origin.ip);
  const newPasswordHash = await hashNewPassword(passwords);
  return app.db.transaction(async (tx) => {
    const [claim] = await tx
      .select()
      .from(cpfDisputes)
      .where(eq(cpfDisputes.codeHash, hashToken(code)))
      .for('update');
    if (!claim) throw invalidCode(CODE);
    if (claim.status === 'open') return 'already_open';
    if (claim.status === 'resolved') {
      throw fieldError(CODE, 'Esta contestação já foi analisada: a resposta foi enviada por e-mail', 'invalid_code');
    }
    if (claim.codeExpiresAt <= new Date()) {
      throw fieldError(CODE, 'Este link expirou: cadastre-se de novo para receber outro', 'invalid_code');
    }
    const holder = await findUserById(tx, claim.holderUserId);
    if (holder?.cpf !== claim.cpf) {
      throw fieldError(CODE, 'Este CPF não está mais em outra conta: cadastre-se de novo', 'invalid_code');
    }
    await assertSignUpPassword(claim.passwordHash, passwords, newPasswordHash);
    const [alreadyOpen] = await tx
      .select({ id: cpfDisputes.id })
      .from(cpfDisputes)
      .where(
        and(
          eq(cpfDisputes.status, 'open'),
          eq(cpfDisputes.cpf, claim.cpf),
          eq(cpfDisputes.claimantEmail, claim.claimantEmail),
        ),
      );
    if (alreadyOpen) return 'already_open';
    await tx
      .update(cpfDisputes)
      .set({ status: 'open', openedAt: new Date(), passwordHash: newPasswordHash ?? claim.passwordHash })
      .where(eq(cpfDisputes.id, claim.id));
    await recordAudit(tx, {
      action: 'user.cpf_dispute_opened',
      subjectUserId: holder.id,
      ...origin,
      details: { dispute_id: claim.id },
    });
    return 'opened';
  });
}
