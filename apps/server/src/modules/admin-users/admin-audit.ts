import type { Database } from '../../db/client';
import { recordAudit, type AuditAction, type RequestOrigin } from '../../platform/audit';

/** Records an administrator's action on a user, in the transaction that makes it: who, what, when, target. */
export async function recordAdminAction(
  tx: Database,
  adminId: string,
  origin: RequestOrigin,
  action: Extract<AuditAction, `admin.${string}`>,
  targetUserId: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await recordAudit(tx, {
    action,
    actorUserId: adminId,
    subjectUserId: targetUserId,
    ...origin,
    details,
  });
}
