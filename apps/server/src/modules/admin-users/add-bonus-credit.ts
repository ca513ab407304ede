import type { TCreditBalance } from '@escriba/contract';
import type { RequestOrigin } from '../../platform/audit';
import type { KeepAnswer } from '../../platform/http/idempotency-store';
import type { App } from '../../platform/services';
import { grantCredits } from '../credits/credit-ledger';
import { refreshBalance } from '../credits/refresh-balance';
import { recordAdminAction } from './admin-audit';
import { lockUser } from './admin-guards';

/** Gives the user `amount` credits as a `bonus` movement naming the administrator; answers the new balance. */
export async function addBonusCredit(
  app: App,
  userId: string,
  bonus: { amount: number; reason: string },
  adminId: string,
  origin: RequestOrigin,
  keep: KeepAnswer,
): Promise<TCreditBalance> {
  const balance = await app.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    await grantCredits(tx, { userId, kind: 'bonus', ...bonus, actorId: adminId });
    await recordAdminAction(tx, adminId, origin, 'admin.user.bonus_credit', userId, { amount: bonus.amount });
    const balance = { credits: user.credits + bonus.amount };
    await keep(tx, balance);
    return balance;
  });
  await refreshBalance(app, userId);
  return balance;
}
