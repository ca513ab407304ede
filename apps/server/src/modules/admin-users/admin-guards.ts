import { isAdmin } from '@escriba/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema/index';
import { AppError, notFound } from '../../platform/errors';

export const userNotFound = () => notFound('Usuário');

export async function assertUserExists(db: Database, userId: string): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw userNotFound();
}

/** The user, locked until the transaction ends (their status, credits and sessions change under it), or a 404. */
export async function lockUser(tx: Database, userId: string): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw userNotFound();
  return user;
}

/** An administrator cannot suspend or delete their own account: nobody else could undo it from the app. */
export function assertNotSelf(adminId: string, target: UserRow, action: 'suspend' | 'delete'): void {
  if (adminId !== target.id) return;
  throw new AppError(
    'conflict',
    action === 'suspend'
      ? 'Você não pode suspender a sua própria conta.'
      : 'Você não pode excluir a sua própria conta.',
  );
}

// Any fixed number: suspensions and deletions take turns (see lockAdminChanges).
const ADMIN_CHANGES_LOCK_ID = 5_120_417;

/**
 * Makes suspensions and deletions take turns until the transaction ends. Taken before any row
 * lock, so that of two concurrent requests each removing one of the last two administrators,
 * the second counts administrators after the first commits, and neither waits on the other's row.
 */
export async function lockAdminChanges(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_CHANGES_LOCK_ID})`);
}

/** Refuses to take away the last active administrator; call under lockAdminChanges. */
export async function assertAnotherActiveAdmin(tx: Database, target: UserRow): Promise<void> {
  if (!isAdmin(target.scopes) || target.status !== 'active') return;
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`'admin' = any(${users.scopes})`, eq(users.status, 'active'), ne(users.id, target.id)))
    .limit(1);
  if (other) return;
  throw new AppError(
    'conflict',
    'Esta é a última conta de administrador ativa: ative ou crie outro administrador antes.',
  );
}
