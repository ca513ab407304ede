import type { TCpfDispute } from '@escriba/contract';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cpfDisputes, users, type CpfDisputeRow } from '../../db/schema/index';
import { AppError, notFound } from '../../platform/errors';

/** Whether an open dispute names the user of the row: as the CPF's holder, or by the claimant's e-mail. */
// Qualified by hand: drizzle writes columns of a one-table query without their table.
export const hasOpenCpfDispute =
  sql<boolean>`exists (select 1 from ${cpfDisputes} d where d.status = 'open' and (d.holder_user_id = ${users}.id or d.claimant_email = ${users}.email))`.mapWith(
    Boolean,
  );

/** The open disputes that name the user, oldest first. */
export async function listOpenDisputesOf(db: Database, user: { id: string; email: string }): Promise<TCpfDispute[]> {
  const rows = await db
    .select({ dispute: cpfDisputes, holder: { id: users.id, name: users.name, email: users.email } })
    .from(cpfDisputes)
    .innerJoin(users, eq(users.id, cpfDisputes.holderUserId))
    .where(
      and(
        eq(cpfDisputes.status, 'open'),
        or(eq(cpfDisputes.holderUserId, user.id), eq(cpfDisputes.claimantEmail, user.email)),
      ),
    )
    .orderBy(asc(cpfDisputes.openedAt));
  return rows.map(({ dispute, holder }) => ({
    id: dispute.id,
    cpf: dispute.cpf,
    holder,
    claimant: { name: dispute.claimantName, email: dispute.claimantEmail, phone: dispute.claimantPhone },
    opened_at: dispute.openedAt!.toISOString(),
  }));
}

/** The open dispute, locked until the transaction ends; 404 for an unknown or unconfirmed one, 409 once resolved. */
export async function lockOpenDispute(tx: Database, id: string): Promise<CpfDisputeRow> {
  const [dispute] = await tx.select().from(cpfDisputes).where(eq(cpfDisputes.id, id)).for('update');
  if (!dispute || dispute.status === 'unconfirmed') throw notFound('Contestação', 'feminine');
  if (dispute.status === 'resolved') throw new AppError('conflict', 'Esta contestação já foi resolvida.');
  return dispute;
}

/** Closes the dispute with the administrator's decision. */
export async function closeDispute(
  tx: Database,
  dispute: CpfDisputeRow,
  resolution: NonNullable<CpfDisputeRow['resolution']>,
  adminId: string,
): Promise<void> {
  await tx
    .update(cpfDisputes)
    .set({ status: 'resolved', resolution, resolvedByUserId: adminId, resolvedAt: new Date() })
    .where(eq(cpfDisputes.id, dispute.id));
}
