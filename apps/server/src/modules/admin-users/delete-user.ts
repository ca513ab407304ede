import type { TDeletedUser } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { consultations, users } from '../../db/schema/index';
import type { RequestOrigin } from '../../platform/audit';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { removeDeletedFiles } from '../evidences/remove-deleted-files';
import { recordAdminAction } from './admin-audit';
import { assertAnotherActiveAdmin, assertNotSelf, lockAdminChanges, lockUser } from './admin-guards';
import { deletionImpact } from './deletion-impact';

/**
 * Deletes the account and everything it owns for good: patients, consultations with their
 * transcripts, evidence, notes and files, templates, credits ledger and sessions (their live
 * connections close). The audit trail stays: its events keep the user's id, and one more,
 * `admin.user.deleted`, counts what was removed. `confirm` must be the user's e-mail.
 */
export async function deleteUser(
  app: App,
  userId: string,
  confirm: string,
  adminId: string,
  origin: RequestOrigin,
): Promise<TDeletedUser> {
  const { removed, consultationIds, name } = await app.db.transaction(async (tx) => {
    await lockAdminChanges(tx);
    const user = await lockUser(tx, userId);
    if (confirm.trim().toLowerCase() !== user.email) {
      throw fieldError(['querystring', 'confirm'], 'Digite o e-mail do usuário para confirmar a exclusão');
    }
    assertNotSelf(adminId, user, 'delete');
    await assertAnotherActiveAdmin(tx, user);
    const impact = await deletionImpact(tx, userId);
    const owned = await tx.select({ id: consultations.id }).from(consultations).where(eq(consultations.userId, userId));
    // Everything the user owns goes with the row (ON DELETE CASCADE); audit_events has no foreign key.
    await tx.delete(users).where(eq(users.id, userId));
    await recordAdminAction(tx, adminId, origin, 'admin.user.deleted', userId, impact);
    return { removed: impact, consultationIds: owned.map((row) => row.id), name: user.name };
  });
  await app.authenticator.invalidate({ userId });
  await app.consultationLists.invalidate(userId);
  // Files go only once the rows are gone, as when a consultation is deleted.
  for (const id of consultationIds) await removeDeletedFiles(app, id);
  return { detail: `A conta de ${name} foi excluída.`, removed };
}
