import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { recordAudit, requestOrigin, type AuditAction } from '../../platform/audit';
import { sessionOf } from '../../platform/auth/access';

/** Records an administrator's action on a user, in the transaction that makes it: who, what, when, target. */
export async function recordAdminAction(
  tx: Database,
  request: FastifyRequest,
  action: Extract<AuditAction, `admin.${string}`>,
  targetUserId: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await recordAudit(tx, {
    action,
    actorUserId: sessionOf(request).user.id,
    subjectUserId: targetUserId,
    ...requestOrigin(request),
    details,
  });
}
