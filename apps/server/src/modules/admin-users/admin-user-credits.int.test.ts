import type { TAdminUserDetail, TCreditBalance, TUser } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { auditRowsOf, errorLocs } from '../../../test/account-requests';
import { adminRequest, createLoggedInAdmin } from '../../../test/admin-test-requests';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { storeAnamnesisVersion } from '../admin-consultations/consultation-records';
import { spendCredits } from '../credits/credit-ledger';

const t = useTestApp();

const addBonus = (headers: Record<string, string>, id: string, query: Record<string, string>) =>
  adminRequest(t.app, headers, 'POST', `/user/${id}/add-bonus-credit`, query);

async function detailOf(headers: Record<string, string>, id: string): Promise<TAdminUserDetail> {
  return (await adminRequest(t.app, headers, 'GET', `/user/${id}`)).json<TAdminUserDetail>();
}

describe('POST /api/v1/admin/user/{id}/add-bonus-credit', () => {
  it('adds a bonus in the ledger with the administrator, and the ledger adds up after bonuses and spends', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const user = await createLoggedInUser(t.app);
    const start = (await detailOf(admin.headers, user.user.id)).credits;

    const first = await addBonus(admin.headers, user.user.id, { amount: '10', reason: 'Campanha de lançamento' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<TCreditBalance>()).toEqual({ credits: start + 10 });

    const consultation = await createTestConsultation(t.app, user.headers);
    const anamnesisId = await storeAnamnesisVersion(
      t.app,
      { id: consultation.id, userId: user.user.id, patientId: consultation.patient.id },
      1,
      { status: 'ready' },
    );
    await t.app.db.transaction((tx) => spendCredits(tx, user.user.id, 3, { anamnesisId }));
    const second = await addBonus(admin.headers, user.user.id, { amount: '2', reason: 'Compensação' });
    expect(second.json<TCreditBalance>()).toEqual({ credits: start + 9 });

    const detail = await detailOf(admin.headers, user.user.id);
    expect(detail.credits).toBe(start + 9);
    const sum = detail.credit_movements.reduce((total, movement) => total + movement.amount, 0);
    expect(sum).toBe(detail.credits);
    expect(detail.credit_movements.slice(0, 3)).toMatchObject([
      { kind: 'bonus', amount: 2, reason: 'Compensação', actor_id: admin.user.id },
      { kind: 'spend', amount: -3, anamnesis_id: anamnesisId },
      { kind: 'bonus', amount: 10, reason: 'Campanha de lançamento', actor_id: admin.user.id },
    ]);
    const bonusEvents = (await auditRowsOf(t.app, user.user.id)).filter(
      (event) => event.action === 'admin.user.bonus_credit',
    );
    expect(bonusEvents.map((event) => [event.actorUserId, event.details])).toEqual([
      [admin.user.id, { amount: 2 }],
      [admin.user.id, { amount: 10 }],
    ]);
    expect(detail.audit.map((event) => event.action)).toContain('admin.user.bonus_credit');
    expect(detail.audit.find((event) => event.action === 'admin.user.bonus_credit')?.actor_name).toBe(
      'Dra. Administradora',
    );
  });

  it('shows at once in the professional’s own balance (GET /user/me/), though their session was cached', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const user = await createLoggedInUser(t.app);
    const balanceOf = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/user/me/', headers: user.headers })).json<TUser>().credits;
    const before = await balanceOf();

    await addBonus(admin.headers, user.user.id, { amount: '7', reason: 'Cortesia' });
    expect(await balanceOf()).toBe(before + 7);
  });

  it('refuses an amount that is not a positive integer in decimal digits, or a missing reason, changing nothing', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const user = await createLoggedInUser(t.app);
    const before = await detailOf(admin.headers, user.user.id);
    for (const [query, field] of [
      [{ amount: '0', reason: 'x' }, 'amount'],
      [{ amount: '-5', reason: 'x' }, 'amount'],
      [{ amount: '1.5', reason: 'x' }, 'amount'],
      [{ amount: '0x10', reason: 'x' }, 'amount'],
      [{ amount: '1e3', reason: 'x' }, 'amount'],
      [{ amount: '10001', reason: 'x' }, 'amount'],
      [{ amount: '5', reason: '   ' }, 'reason'],
      [{ amount: '5', reason: 'a'.repeat(201) }, 'reason'],
      [{ amount: '5' }, 'reason'],
    ] as const) {
      const response = await addBonus(admin.headers, user.user.id, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(errorLocs(response)).toEqual([['querystring', field]]);
    }
    const after = await detailOf(admin.headers, user.user.id);
    expect(after.credits).toBe(before.credits);
    expect(after.credit_movements_total).toBe(before.credit_movements_total);
  });
});
