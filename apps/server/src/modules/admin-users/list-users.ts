import type { TAdminUserList, TAdminUserListItem, ZAdminUserListQuery } from '@escriba/contract';
import { and, arrayContains, count, desc, eq, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { sessions, users, type UserRow } from '../../db/schema/index';
import { containsPattern } from '../../platform/search-key';
import { hasOpenCpfDispute } from '../cpf-disputes/open-disputes';
import { foldedInSql, startOfDay } from './user-search';

type ListQuery = z.output<typeof ZAdminUserListQuery>;

/** The latest use of any session of the user (through the sessions' user index). */
// Qualified by hand: drizzle writes columns of a one-table query without their table.
export const lastSeenAt =
  sql<Date | null>`(select max(s.last_used_at) from ${sessions} s where s.user_id = ${users}.id)`.mapWith(
    sessions.lastUsedAt,
  );

export function toAdminUserListItem(user: UserRow, lastSeen: Date | null, isDisputed: boolean): TAdminUserListItem {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    cpf: user.cpf,
    status: user.status,
    scopes: user.scopes,
    credits: user.credits,
    created_at: user.createdAt.toISOString(),
    last_seen_at: lastSeen?.toISOString() ?? null,
    has_open_cpf_dispute: isDisputed,
  };
}

function conditions(query: ListQuery): SQL | undefined {
  return and(
    query.name ? like(foldedInSql(users.name), containsPattern(query.name)) : undefined,
    // E-mails are stored in lower case.
    query.email ? like(users.email, `%${query.email.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    query.cpf ? like(users.cpf, `%${query.cpf}%`) : undefined,
    query.status ? eq(users.status, query.status) : undefined,
    query.scope ? arrayContains(users.scopes, [query.scope]) : undefined,
    query.cpf_dispute === 'open' ? hasOpenCpfDispute : undefined,
    query.created_from ? gte(users.createdAt, startOfDay(query.created_from)) : undefined,
    query.created_to ? lt(users.createdAt, startOfDay(query.created_to, 1)) : undefined,
  );
}

/** One page of the accounts matching the filters, newest sign-ups first, with how many match in all. */
export async function listUsers(db: Database, query: ListQuery): Promise<TAdminUserList> {
  const where = conditions(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ user: users, lastSeenAt, hasOpenCpfDispute })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    items: rows.map((row) => toAdminUserListItem(row.user, row.lastSeenAt, row.hasOpenCpfDispute)),
    total: counted!.total,
    page: query.page,
    page_size: query.page_size,
  };
}
