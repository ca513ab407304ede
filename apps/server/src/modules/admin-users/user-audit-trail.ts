import type { TAdminAuditEvent } from '@escriba/contract';
import { count, desc, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditEvents, users } from '../../db/schema/index';

/** The latest audit events about the user or made by them (an administrator's actions on others too). */
export async function userAuditTrail(
  db: Database,
  userId: string,
  limit: number,
): Promise<{ items: TAdminAuditEvent[]; total: number }> {
  const where = or(eq(auditEvents.subjectUserId, userId), eq(auditEvents.actorUserId, userId));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ event: auditEvents, actorName: users.name })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorUserId))
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(limit),
    db.select({ total: count() }).from(auditEvents).where(where),
  ]);
  return {
    items: rows.map(({ event, actorName }) => ({
      id: event.id,
      action: event.action,
      actor_user_id: event.actorUserId,
      actor_name: actorName,
      subject_user_id: event.subjectUserId,
      ip: event.ip,
      user_agent: event.userAgent,
      details: event.details,
      created_at: event.createdAt.toISOString(),
    })),
    total: counted!.total,
  };
}
