import type { TAdminSession, TAdminSessionList } from '@escriba/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, type SessionRow } from '../../db/schema/index';

/**
 * A session as the administration sees it. One never revoked may still have ended by itself:
 * past its absolute lifetime, or left idle longer than the idle timeout.
 */
export function toAdminSession(session: SessionRow, idleTimeoutMs: number, now = Date.now()): TAdminSession {
  const idleEnd = session.lastUsedAt.getTime() + idleTimeoutMs;
  const [endedAt, endReason] = session.revokedAt
    ? [session.revokedAt, session.revokedReason]
    : session.expiresAt.getTime() <= now
      ? [session.expiresAt, 'expired']
      : idleEnd <= now
        ? [new Date(idleEnd), 'idle']
        : [null, null];
  return {
    id: session.id,
    created_at: session.createdAt.toISOString(),
    last_seen_at: session.lastUsedAt.toISOString(),
    expires_at: session.expiresAt.toISOString(),
    ip: session.ip,
    user_agent: session.userAgent,
    is_active: endedAt === null,
    ended_at: endedAt?.toISOString() ?? null,
    end_reason: endReason,
  };
}

/** One page of the user's sessions, newest first. */
export async function listUserSessions(
  db: Database,
  userId: string,
  page: { page: number; page_size: number },
  idleTimeoutMs: number,
): Promise<TAdminSessionList> {
  const where = eq(sessions.userId, userId);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(sessions)
      .where(where)
      .orderBy(desc(sessions.createdAt), desc(sessions.id))
      .limit(page.page_size)
      .offset((page.page - 1) * page.page_size),
    db.select({ total: count() }).from(sessions).where(where),
  ]);
  const now = Date.now();
  return {
    items: rows.map((row) => toAdminSession(row, idleTimeoutMs, now)),
    total: counted!.total,
    page: page.page,
    page_size: page.page_size,
  };
}
