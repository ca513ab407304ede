import type { TCreditMovement } from '@escriba/contract';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { creditMovements, type CreditGrantKey } from '../../db/schema/credits';
import { users } from '../../db/schema/users';
import { AppError } from '../../platform/errors';

/** The transaction a caller opened with `db.transaction`: the movement commits or rolls back with its work. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const credits = (amount: number) => `${amount} ${amount === 1 ? 'crédito' : 'créditos'}`;

/** Changes the running sum by `delta`; a negative change only while the balance covers it. */
async function changeBalance(tx: Tx, userId: string, delta: number): Promise<boolean> {
  const changed = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${delta}` })
    .where(delta < 0 ? sql`${users.id} = ${userId} AND ${users.credits} >= ${-delta}` : eq(users.id, userId))
    .returning({ credits: users.credits });
  return changed.length > 0;
}

function assertPositive(amount: number): void {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error(`Credit amount must be a positive integer: ${amount}`);
}

/** What a spend pays for: one generation of a note version or of a document. */
export type GenerationPaid = { anamnesisId: string } | { documentId: string };

/** Spends `amount` if the balance allows, else throws AppError('payment_required', '<pt-BR message>'). */
export async function spendCredits(
  tx: Tx,
  userId: string,
  amount: number,
  paidFor: GenerationPaid,
): Promise<{ movementId: string }> {
  assertPositive(amount);
  // The balance check and the debit are one row update: concurrent spends queue on the row lock.
  if (!(await changeBalance(tx, userId, -amount))) {
    const [user] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
    if (!user) throw new Error(`No user ${userId} to spend credits`);
    throw new AppError(
      'payment_required',
      `Créditos insuficientes: cada geração usa ${credits(amount)} e seu saldo é ${user.credits}. ` +
        'Peça mais créditos ao administrador.',
    );
  }
  const [movement] = await tx
    .insert(creditMovements)
    .values({ userId, kind: 'spend', amount: -amount, ...paidFor })
    .returning({ id: creditMovements.id });
  return { movementId: movement!.id };
}

/** Returns a spend once (idempotent: a second call changes nothing). */
export async function refundSpend(tx: Tx, movementId: string, reason: string): Promise<void> {
  const [spend] = await tx.select().from(creditMovements).where(eq(creditMovements.id, movementId));
  if (spend?.kind !== 'spend') throw new Error(`Movement ${movementId} is not a spend`);
  // The unique index on refund_of lets one refund in: a concurrent one waits, then inserts nothing.
  const inserted = await tx
    .insert(creditMovements)
    .values({
      userId: spend.userId,
      kind: 'refund',
      amount: -spend.amount,
      reason,
      anamnesisId: spend.anamnesisId,
      documentId: spend.documentId,
      refundOf: spend.id,
    })
    .onConflictDoNothing({ target: creditMovements.refundOf })
    .returning({ id: creditMovements.id });
  if (inserted.length > 0) await changeBalance(tx, spend.userId, -spend.amount);
}

/**
 * Adds credits. With a `grantKey` the grant happens once per account: a second one, even with
 * another reason or from a concurrent transaction, inserts nothing and answers false.
 */
export async function grantCredits(
  tx: Tx,
  input: {
    userId: string;
    kind: 'grant' | 'bonus';
    amount: number;
    reason: string;
    actorId?: string;
    grantKey?: CreditGrantKey;
  },
): Promise<boolean> {
  assertPositive(input.amount);
  const insert = tx.insert(creditMovements).values({
    userId: input.userId,
    kind: input.kind,
    amount: input.amount,
    reason: input.reason,
    actorId: input.actorId ?? null,
    grantKey: input.grantKey ?? null,
  });
  const inserted = await (
    input.grantKey
      ? insert.onConflictDoNothing({
          target: [creditMovements.userId, creditMovements.grantKey],
          where: sql`${creditMovements.grantKey} is not null`,
        })
      : insert
  ).returning({ id: creditMovements.id });
  if (inserted.length === 0) return false;
  if (!(await changeBalance(tx, input.userId, input.amount)))
    throw new Error(`No user ${input.userId} to grant credits`);
  return true;
}

/** One page of a professional's movements, newest first. */
export async function listCreditMovements(
  db: Database,
  userId: string,
  page: { page: number; page_size: number },
): Promise<{ items: TCreditMovement[]; total: number; page: number; page_size: number }> {
  const where = eq(creditMovements.userId, userId);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(creditMovements)
      .where(where)
      .orderBy(desc(creditMovements.createdAt), desc(creditMovements.id))
      .limit(page.page_size)
      .offset((page.page - 1) * page.page_size),
    db.select({ total: count() }).from(creditMovements).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      amount: row.amount,
      reason: row.reason,
      actor_id: row.actorId,
      anamnesis_id: row.anamnesisId,
      document_id: row.documentId,
      created_at: row.createdAt.toISOString(),
    })),
    total: counted!.total,
    page: page.page,
    page_size: page.page_size,
  };
}
