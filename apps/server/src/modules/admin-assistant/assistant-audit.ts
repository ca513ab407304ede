import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { recordAudit, requestOrigin, type AuditAction } from '../../platform/audit';
import { sessionOf } from '../../platform/auth/access';

export type AssistantAction = Extract<AuditAction, `admin.${'prompt' | 'persona' | 'template'}.${string}`>;

/**
 * Records an administrator's change to a prompt, persona or template, in the transaction that makes it: who
 * (actor), what (action), when, and the target's id in `details` (no user is its subject).
 */
export async function recordAssistantChange(
  tx: Database,
  request: FastifyRequest,
  action: AssistantAction,
  details: Record<string, unknown>,
): Promise<void> {
  await recordAudit(tx, {
    action,
    actorUserId: sessionOf(request).user.id,
    subjectUserId: null,
    ...requestOrigin(request),
    details,
  });
}
