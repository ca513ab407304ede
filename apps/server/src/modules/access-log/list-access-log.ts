import type { TAccessLogPage } from '@escriba/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accessLog, users } from '../../db/schema/index';

/** Whose accesses: to one patient's data, by one user, or both. */
export interface AccessLogFilter {
  patientId?: string;
  actorUserId?: string;
}

/** One page of accesses to patients' data, newest first, each with the actor's current name. */
export async function listAccessLog(
  db: Database,
  filter: AccessLogFilter,
  page: { page: number; page_size: number },
): Promise<TAccessLogPage> {
  const conditions: SQL[] = [];
  if (filter.patientId) conditions.push(eq(accessLog.patientId, filter.patientId));
  if (filter.actorUserId) conditions.push(eq(accessLog.actorUserId, filter.actorUserId));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ entry: accessLog, actorName: users.name })
      .from(accessLog)
      .leftJoin(users, eq(users.id, accessLog.actorUserId))
      .where(where)
      .orderBy(desc(accessLog.createdAt), desc(accessLog.id))
      .limit(page.page_size)
      .offset((page.page - 1) * page.page_size),
    db.select({ total: count() }).from(accessLog).where(where),
  ]);
  return {
    items: rows.map(({ entry, actorName }) => ({
      id: entry.id,
      created_at: entry.createdAt.toISOString(),
      actor_user_id: entry.actorUserId,
      actor_name: actorName,
      actor_role: entry.actorRole,
      patient_id: entry.patientId,
      consultation_id: entry.consultationId,
      record_kind: entry.recordKind,
      record_id: entry.recordId,
      action: entry.action,
      ip: entry.ip,
      user_agent: entry.userAgent,
    })),
    total: counted!.total,
    page: page.page,
    page_size: page.page_size,
  };
}
