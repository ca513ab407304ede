import { and, eq } from 'drizzle-orm';
import { creditMovements } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { grantCredits, type Tx } from './credit-ledger';

export const SIGN_UP_CREDITS_REASON = 'Créditos de boas-vindas';

/**
 * Grants SIGNUP_CREDITS once per account, when its e-mail is verified (a pending sign-up may still be
 * replaced by another). Call it after the transaction changed the user's row: that row lock makes the
 * check below see any grant a concurrent verification committed.
 */
export async function grantSignUpCredits(app: App, tx: Tx, userId: string): Promise<void> {
  const amount = app.config.credits.signUp;
  if (amount === 0) return;
  const [granted] = await tx
    .select({ id: creditMovements.id })
    .from(creditMovements)
    .where(
      and(
        eq(creditMovements.userId, userId),
        eq(creditMovements.kind, 'grant'),
        eq(creditMovements.reason, SIGN_UP_CREDITS_REASON),
      ),
    )
    .limit(1);
  if (!granted) await grantCredits(tx, { userId, kind: 'grant', amount, reason: SIGN_UP_CREDITS_REASON });
}
