import type { TEndedSessions } from '@escriba/contract';
import type { RequestOrigin } from '../../platform/audit';
import type { App } from '../../platform/services';
import { recordAdminAction } from './admin-audit';
import { lockUser } from './admin-guards';

/** Ends every open session of the user, here and on every instance, closing their live connections; status unchanged. */
export async function endUserSessions(
  app: App,
  userId: string,
  adminId: string,
  origin: RequestOrigin,
): Promise<TEndedSessions> {
  const ended = await app.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const ids = await app.authenticator.store.revokeAllOfUser(tx, userId, 'ended_by_admin');
    await recordAdminAction(tx, adminId, origin, 'admin.user.sessions_ended', userId, { sessions_ended: ids.length });
    return ids.length;
  });
  await app.authenticator.invalidate({ userId });
  return { ended };
}
