import type { TCpfDisputeResolution, TResolvedCpfDispute } from '@escriba/contract';
import type { RequestOrigin } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { MailMessage } from '../../platform/mail/mailer';
import type { App } from '../../platform/services';
import { inTransaction } from '../../platform/transaction';
import { recordAdminAction } from '../admin-users/admin-audit';
import { assertAnotherActiveAdmin, assertNotSelf, lockAdminChanges, lockUser } from '../admin-users/admin-guards';
import { transferCpf } from '../users/transfer-cpf';
import { cpfGrantedMail, cpfKeptMail, cpfWithdrawnMail } from './cpf-dispute-mail';
import { closeDispute, lockOpenDispute } from './open-disputes';

/**
 * An administrator's decision on an open CPF dispute, in one transaction: the holder keeps the CPF
 * (the dispute closes), or the claimant gets it (the holder is suspended without it and her account
 * is made). Audited on both accounts; mails and the end of the holder's sessions after commit.
 */
export async function resolveCpfDispute(
  app: App,
  disputeId: string,
  resolution: TCpfDisputeResolution,
  adminId: string,
  origin: RequestOrigin,
): Promise<TResolvedCpfDispute> {
  const isTransfer = resolution === 'claimant_gets';
  return inTransaction(app, async (tx, afterCommit) => {
    // A suspension: it takes turns with the others, so the last active administrator stays (admin-guards).
    if (isTransfer) await lockAdminChanges(tx);
    const dispute = await lockOpenDispute(tx, disputeId);
    const holder = await lockUser(tx, dispute.holderUserId);
    const mails: MailMessage[] = [];
    let claimantUserId: string | null = null;
    let sessionsEnded = 0;
    if (isTransfer) {
      if (holder.cpf !== dispute.cpf) {
        throw new AppError('conflict', 'Este CPF não está mais nesta conta: resolva mantendo o CPF.');
      }
      assertNotSelf(adminId, holder, 'suspend');
      await assertAnotherActiveAdmin(tx, holder);
      const transfer = await transferCpf(app, tx, holder.id, {
        cpf: dispute.cpf,
        email: dispute.claimantEmail,
        name: dispute.claimantName,
        phone: dispute.claimantPhone,
        passwordHash: dispute.passwordHash,
      });
      claimantUserId = transfer.claimant.id;
      sessionsEnded = transfer.sessionsEnded;
      mails.push(cpfGrantedMail(dispute.claimantEmail, app.config.publicUrl), cpfWithdrawnMail(holder));
      afterCommit(() => app.authenticator.invalidate({ userId: holder.id }));
    } else {
      mails.push(cpfKeptMail(dispute.claimantEmail));
    }
    await closeDispute(tx, dispute, resolution, adminId);
    const details = { dispute_id: dispute.id, resolution, claimant_user_id: claimantUserId };
    await recordAdminAction(tx, adminId, origin, 'admin.cpf_dispute.resolved', holder.id, {
      ...details,
      sessions_ended: sessionsEnded,
    });
    if (claimantUserId)
      await recordAdminAction(tx, adminId, origin, 'admin.cpf_dispute.resolved', claimantUserId, details);
    for (const mail of mails) afterCommit(() => app.mailer.send(mail));
    return {
      detail: isTransfer
        ? 'CPF transferido: a conta de quem contestou foi criada e a outra, suspensa.'
        : 'Contestação encerrada: o CPF continua nesta conta.',
      resolution,
      claimant_user_id: claimantUserId,
    };
  });
}
