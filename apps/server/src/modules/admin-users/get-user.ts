import { ADMIN_DETAIL_LIMIT, type TAdminUserDetail, type TAdminUserListItem } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { listCreditMovements } from '../credits/credit-ledger';
import { listLicenses } from '../licenses/license-store';
import { hasOpenCpfDispute, listOpenDisputesOf } from '../cpf-disputes/open-disputes';
import { listSpecializations } from '../specializations/user-specializations';
import { userNotFound } from './admin-guards';
import { deletionImpact } from './deletion-impact';
import { listUserSessions } from './list-user-sessions';
import { lastSeenAt, toAdminUserListItem } from './list-users';
import { userAuditTrail } from './user-audit-trail';

/** The user as the list shows them, or a 404. */
export async function getUserListItem(db: Database, userId: string): Promise<TAdminUserListItem> {
  const [row] = await db.select({ user: users, lastSeenAt, hasOpenCpfDispute }).from(users).where(eq(users.id, userId));
  if (!row) throw userNotFound();
  return toAdminUserListItem(row.user, row.lastSeenAt, row.hasOpenCpfDispute);
}

/** Everything the administration's detail page shows of a user, or a 404. */
export async function getUserDetail(app: App, userId: string): Promise<TAdminUserDetail> {
  const [row] = await app.db
    .select({ user: users, lastSeenAt, hasOpenCpfDispute })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw userNotFound();
  const latest = { page: 1, page_size: ADMIN_DETAIL_LIMIT };
  const [licenses, specializations, movements, sessions, audit, impact, disputes] = await Promise.all([
    listLicenses(app.db, userId),
    listSpecializations(app, userId),
    listCreditMovements(app.db, userId, latest),
    listUserSessions(app.db, userId, latest, app.config.session.idleTimeoutMs),
    userAuditTrail(app.db, userId, ADMIN_DETAIL_LIMIT),
    deletionImpact(app.db, userId),
    listOpenDisputesOf(app.db, row.user),
  ]);
  return {
    ...toAdminUserListItem(row.user, row.lastSeenAt, row.hasOpenCpfDispute),
    phone: row.user.phone,
    email_verified: row.user.emailVerifiedAt !== null,
    licenses,
    specializations,
    credit_movements: movements.items,
    credit_movements_total: movements.total,
    sessions: sessions.items,
    sessions_total: sessions.total,
    audit: audit.items,
    audit_total: audit.total,
    deletion_impact: impact,
    cpf_disputes: disputes,
  };
}
