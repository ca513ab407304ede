import type { Database } from '../../db/client';
import { recordAudit, type AuditAction, type RequestOrigin } from '../../platform/audit';

export type AssistantAction = Extract<AuditAction, `admin.${'prompt' | 'persona' | 'template'}.${string}`>;

/**
 * Records an administrator's change to a prompt, persona or template, in the transaction that makes it: who
 * (actor), what (action), when, and the target's id in `details` (no user is its subject).
 */
export async function recordAssistantChange(
  tx: Database,
  adminId: string,
  origin: RequestOrigin,
  action: AssistantAction,
  details: Record<string, unknown>,
): Promise<void> {
  await recordAudit(tx, {
    action,
    actorUserId: adminId,
    subjectUserId: null,
    ...origin,
    details,
  });
}
