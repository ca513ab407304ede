import type { TAdminUserListItem, TSetUserStatusQuery } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { RequestOrigin } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { recordAdminAction } from './admin-audit';
import { assertAnotherActiveAdmin, assertNotSelf, lockAdminChanges, lockUser } from './admin-guards';
import { getUserListItem } from './get-user';

/**
 * Suspends or reactivates an account. Suspension ends every session at once, here and on every
 * other instance, and their live connections get a `system` 401 and close.
 */
export async function setUserStatus(
  app: App,
  userId: string,
  status: TSetUserStatusQuery['status'],
  adminId: string,
  origin: RequestOrigin,
): Promise<TAdminUserListItem> {
  const isSuspension = status === 'suspended';
  await app.db.transaction(async (tx) => {
    if (isSuspension) await lockAdminChanges(tx);
    const user = await lockUser(tx, userId);
    if (user.status === 'pending_verification') {
      throw new AppError(
        'conflict',
        'Esta conta ainda não confirmou o e-mail: ela se ativa quando o titular abrir o link de confirmação.',
      );
    }
    if (isSuspension) {
      assertNotSelf(adminId, user, 'suspend');
      await assertAnotherActiveAdmin(tx, user);
    }
    if (user.status === status) return;
    await tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, userId));
    const ended = isSuspension ? await app.authenticator.store.revokeAllOfUser(tx, userId, 'suspended') : [];
    await recordAdminAction(tx, adminId, origin, 'admin.user.status_changed', userId, {
      from: user.status,
      to: status,
      sessions_ended: ended.length,
    });
  });
  // Also when nothing was open: a cached session of the suspended user must not outlive the change.
  if (isSuspension) await app.authenticator.invalidate({ userId });
  return getUserListItem(app.db, userId);
}
