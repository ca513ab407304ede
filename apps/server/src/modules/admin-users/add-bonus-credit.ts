import type { TCreditBalance } from '@escriba/contract';
import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../../platform/auth/access';
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
  request: FastifyRequest,
): Promise<TCreditBalance> {
  const balance = await app.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    await grantCredits(tx, { userId, kind: 'bonus', ...bonus, actorId: sessionOf(request).user.id });
    await recordAdminAction(tx, request, 'admin.user.bonus_credit', userId, { amount: bonus.amount });
    return { credits: user.credits + bonus.amount };
  });
  await refreshBalance(app, userId);
  return balance;
}
