import type { App } from '../../platform/services';
import { grantCredits, type Tx } from './credit-ledger';

export const SIGN_UP_CREDITS_REASON = 'Créditos de boas-vindas';

/**
 * Grants SIGNUP_CREDITS once per account, when its e-mail is verified (a pending sign-up may still be
 * replaced by another). Once by the movement's `sign_up` key (a unique index), whatever its reason
 * text says and however many verifications run at once.
 */
export async function grantSignUpCredits(app: App, tx: Tx, userId: string): Promise<void> {
  const amount = app.config.credits.signUp;
  if (amount === 0) return;
  await grantCredits(tx, { userId, kind: 'grant', amount, reason: SIGN_UP_CREDITS_REASON, grantKey: 'sign_up' });
}
