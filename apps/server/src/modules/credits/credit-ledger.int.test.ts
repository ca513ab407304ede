import type { TAnamnesisProvenance } from '@escriba/contract';
import { eq, sum } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { anamnesisTemplates, anamnesisVersions, creditMovements, users } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { grantCredits, listCreditMovements, refundSpend, spendCredits } from './credit-ledger';

const t = useTestApp();

/** A professional with `credits` granted and a note version their spends can name. */
async function professionalWithCredits(credits: number) {
  const { user, headers } = await createLoggedInUser(t.app);
  if (credits > 0) {
    await t.app.db.transaction((tx) =>
      grantCredits(tx, { userId: user.id, kind: 'grant', amount: credits, reason: 'Teste' }),
    );
  }
  const consultation = await createTestConsultation(t.app, headers);
  const [template] = await t.app.db.select().from(anamnesisTemplates).where(eq(anamnesisTemplates.published, true));
  const provenance: TAnamnesisProvenance = {
    template: { id: template!.id, name: template!.name },
    persona: null,
    prompts: [],
    model: null,
    inputs: {
      transcript: null,
      evidence_ids: [],
      patient_id: consultation.patient.id,
      user_context: false,
      condensed: false,
    },
    style_preferences: null,
    reviews: [],
  };
  const [note] = await t.app.db
    .insert(anamnesisVersions)
    .values({
      consultationId: consultation.id,
      userId: user.id,
      version: 1,
      kind: 'generation',
      status: 'generating',
      templateId: template!.id,
      templateFields: template!.fields,
      provenance,
    })
    .returning();
  return { userId: user.id, anamnesisId: note!.id };
}

async function balanceAndLedgerSum(userId: string) {
  const [user] = await t.app.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  const [ledger] = await t.app.db
    .select({ total: sum(creditMovements.amount).mapWith(Number) })
    .from(creditMovements)
    .where(eq(creditMovements.userId, userId));
  return { balance: user!.credits, ledgerSum: ledger!.total ?? 0 };
}

const spend = (userId: string, anamnesisId: string, amount = 1) =>
  t.app.db.transaction((tx) => spendCredits(tx, userId, amount, { anamnesisId }));

describe('credit ledger', () => {
  it('lets exactly 10 of 30 concurrent spends through a balance of 10, never below zero', async () => {
    const { userId, anamnesisId } = await professionalWithCredits(10);
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => spend(userId, anamnesisId)));

    const accepted = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected').map((result): unknown => result.reason);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const error of refused) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(402);
      expect((error as AppError).detail).toBe(
        'Créditos insuficientes: cada geração usa 1 crédito e seu saldo é 0. Peça mais créditos ao administrador.',
      );
    }
    expect(await balanceAndLedgerSum(userId)).toEqual({ balance: 0, ledgerSum: 0 });
    const spends = await t.app.db.select().from(creditMovements).where(eq(creditMovements.userId, userId));
    expect(spends.filter((movement) => movement.kind === 'spend')).toHaveLength(10);
    expect(spends.every((movement) => movement.kind !== 'spend' || movement.amount === -1)).toBe(true);
  });

  it('names the cost and the balance when a spend is larger than the balance, changing nothing', async () => {
    const { userId, anamnesisId } = await professionalWithCredits(2);
    await expect(spend(userId, anamnesisId, 3)).rejects.toMatchObject({
      statusCode: 402,
      detail:
        'Créditos insuficientes: cada geração usa 3 créditos e seu saldo é 2. Peça mais créditos ao administrador.',
    });
    expect(await balanceAndLedgerSum(userId)).toEqual({ balance: 2, ledgerSum: 2 });
  });

  it('refunds a spend once, however many times and at once it is asked', async () => {
    const { userId, anamnesisId } = await professionalWithCredits(3);
    const { movementId } = await spend(userId, anamnesisId);
    expect((await balanceAndLedgerSum(userId)).balance).toBe(2);

    await Promise.all(
      Array.from({ length: 5 }, () => t.app.db.transaction((tx) => refundSpend(tx, movementId, 'Falha do provedor'))),
    );
    await t.app.db.transaction((tx) => refundSpend(tx, movementId, 'Falha do provedor'));

    expect(await balanceAndLedgerSum(userId)).toEqual({ balance: 3, ledgerSum: 3 });
    const refunds = await t.app.db.select().from(creditMovements).where(eq(creditMovements.refundOf, movementId));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ kind: 'refund', amount: 1, reason: 'Falha do provedor', anamnesisId, userId });
  });

  it('keeps nothing of a spend whose transaction rolls back', async () => {
    const { userId, anamnesisId } = await professionalWithCredits(1);
    await expect(
      t.app.db.transaction(async (tx) => {
        await spendCredits(tx, userId, 1, { anamnesisId });
        throw new Error('the generation could not be queued');
      }),
    ).rejects.toThrow('queued');
    expect(await balanceAndLedgerSum(userId)).toEqual({ balance: 1, ledgerSum: 1 });
  });

  it('lists movements newest first, with bonuses naming the administrator', async () => {
    const { userId, anamnesisId } = await professionalWithCredits(5);
    const { user: admin } = await createLoggedInUser(t.app, { scopes: ['user', 'admin'] });
    await t.app.db.transaction((tx) =>
      grantCredits(tx, { userId, kind: 'bonus', amount: 4, reason: 'Cortesia', actorId: admin.id }),
    );
    await spend(userId, anamnesisId, 2);

    const page = await listCreditMovements(t.app.db, userId, { page: 1, page_size: 2 });
    expect(page).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(page.items.map((item) => [item.kind, item.amount])).toEqual([
      ['spend', -2],
      ['bonus', 4],
    ]);
    expect(page.items[1]).toMatchObject({
      reason: 'Cortesia',
      actor_id: admin.id,
      anamnesis_id: null,
      document_id: null,
    });
    const second = await listCreditMovements(t.app.db, userId, { page: 2, page_size: 2 });
    expect(second.items.map((item) => [item.kind, item.amount])).toEqual([['grant', 5]]);
    expect(await balanceAndLedgerSum(userId)).toEqual({ balance: 7, ledgerSum: 7 });
  });
});
