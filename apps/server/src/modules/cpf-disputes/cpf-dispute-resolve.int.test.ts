import type { TAdminUserDetail, TResolvedCpfDispute } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditRowsOf,
  errorLocs,
  postToken,
  SIGN_UP_PASSWORD,
  storedUsersWithEmail,
} from '../../../test/account-requests';
import { adminRequest, createLoggedInAdmin } from '../../../test/admin-test-requests';
import { openDispute, resolveDispute, signUpWithTakenCpf } from '../../../test/cpf-dispute-test-requests';
import { createLoggedInUser, createTestUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { cpfDisputes, users } from '../../db/schema/index';

const t = useTestApp();

const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v1/user/me/', headers });

/** A logged-in holder of a CPF that a sign-up contested and opened with its password. */
async function openedDispute() {
  const holder = await createLoggedInUser(t.app);
  const { body, code } = await signUpWithTakenCpf(t, holder.user.cpf!);
  expect((await openDispute(t.app, { code, password: SIGN_UP_PASSWORD })).statusCode).toBe(200);
  const [dispute] = await t.app.db.select().from(cpfDisputes).where(eq(cpfDisputes.holderUserId, holder.user.id));
  return { holder, claimant: body, dispute: dispute! };
}

async function storedUser(id: string) {
  const [user] = await t.app.db.select().from(users).where(eq(users.id, id));
  return user!;
}

describe('POST /api/v1/admin/cpf-dispute/{id}/resolve', () => {
  it('claimant_gets: the holder is suspended without the CPF, her account is made active with her password, both are mailed and audited', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const { holder, claimant, dispute } = await openedDispute();

    const response = await resolveDispute(t.app, admin.headers, dispute.id, { resolution: 'claimant_gets' });
    expect(response.statusCode, response.body).toBe(200);
    const resolved = response.json<TResolvedCpfDispute>();
    expect(resolved.resolution).toBe('claimant_gets');
    expect(resolved.claimant_user_id).not.toBeNull();

    expect(await storedUser(holder.user.id)).toMatchObject({ status: 'suspended', cpf: null });
    expect((await me(holder.headers)).statusCode).toBe(401);
    expect(await storedUser(resolved.claimant_user_id!)).toMatchObject({
      email: claimant.email,
      name: claimant.name,
      cpf: holder.user.cpf,
      status: 'active',
      credits: t.config.credits.signUp,
    });
    expect((await postToken(t.app, claimant.email, SIGN_UP_PASSWORD)).statusCode).toBe(200);
    expect((await postToken(t.app, holder.email, holder.password)).statusCode).toBe(423);
    expect((await t.mailbox.next(claimant.email, /Sua conta no Escriba foi criada/)).text).toContain('/log-in');
    expect((await t.mailbox.next(holder.email, /Sua conta no Escriba foi suspensa/)).text).toContain(
      'O CPF foi retirado da sua conta',
    );

    for (const subject of [holder.user.id, resolved.claimant_user_id!]) {
      const event = (await auditRowsOf(t.app, subject)).find((row) => row.action === 'admin.cpf_dispute.resolved');
      expect(event?.actorUserId).toBe(admin.user.id);
      expect(event?.details).toMatchObject({ dispute_id: dispute.id, resolution: 'claimant_gets' });
    }
    const detail = await adminRequest(t.app, admin.headers, 'GET', `/user/${holder.user.id}`);
    expect(detail.json<TAdminUserDetail>()).toMatchObject({ has_open_cpf_dispute: false, cpf_disputes: [] });
    const again = await resolveDispute(t.app, admin.headers, dispute.id, { resolution: 'holder_keeps' });
    expect(again.statusCode).toBe(409);
  });

  it('holder_keeps: the dispute closes, the holder is untouched, the claimant is mailed and has no account', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const { holder, claimant, dispute } = await openedDispute();
    const response = await resolveDispute(t.app, admin.headers, dispute.id, { resolution: 'holder_keeps' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ resolution: 'holder_keeps', claimant_user_id: null });
    expect(await storedUser(holder.user.id)).toMatchObject({ status: 'active', cpf: holder.user.cpf });
    expect((await me(holder.headers)).statusCode).toBe(200);
    expect(await storedUsersWithEmail(t.app, claimant.email)).toHaveLength(0);
    expect((await t.mailbox.next(claimant.email, /Sua contestação de CPF/)).text).toContain('o CPF continua');
    const [closed] = await t.app.db.select().from(cpfDisputes).where(eq(cpfDisputes.id, dispute.id));
    expect(closed).toMatchObject({ status: 'resolved', resolution: 'holder_keeps', resolvedByUserId: admin.user.id });
    const event = (await auditRowsOf(t.app, holder.user.id)).find((row) => row.action === 'admin.cpf_dispute.resolved');
    expect(event!.details).toMatchObject({ resolution: 'holder_keeps', claimant_user_id: null });
  });

  it('writes nothing when the claimant has registered her e-mail meanwhile, or the holder is the administrator', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const { holder, claimant, dispute } = await openedDispute();
    const [registered] = await t.app.db
      .insert(users)
      .values({ name: 'Ela', email: claimant.email, passwordHash: 'x', status: 'active', emailVerifiedAt: new Date() })
      .returning();
    const taken = await resolveDispute(t.app, admin.headers, dispute.id, { resolution: 'claimant_gets' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ detail: string }>().detail).toMatch(/já tem uma conta/);
    expect(await storedUser(holder.user.id)).toMatchObject({ status: 'active', cpf: holder.user.cpf });
    expect((await me(holder.headers)).statusCode).toBe(200);
    expect(await storedUsersWithEmail(t.app, claimant.email)).toEqual([registered]);
    const [still] = await t.app.db.select().from(cpfDisputes).where(eq(cpfDisputes.id, dispute.id));
    expect(still!.status).toBe('open');
    expect((await auditRowsOf(t.app, holder.user.id)).map((row) => row.action)).not.toContain(
      'admin.cpf_dispute.resolved',
    );

    const { code } = await signUpWithTakenCpf(t, admin.user.cpf!);
    expect((await openDispute(t.app, { code, password: SIGN_UP_PASSWORD })).statusCode).toBe(200);
    const [own] = await t.app.db.select().from(cpfDisputes).where(eq(cpfDisputes.holderUserId, admin.user.id));
    const self = await resolveDispute(t.app, admin.headers, own!.id, { resolution: 'claimant_gets' });
    expect(self.statusCode).toBe(409);
    expect(await storedUser(admin.user.id)).toMatchObject({ status: 'active', cpf: admin.user.cpf });
  });

  it('answers 401 without a session, 403 to a professional, 404 for an unknown or unconfirmed dispute, 422 for bad input', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const professional = await createLoggedInUser(t.app);
    const { dispute } = await openedDispute();
    const query = { resolution: 'holder_keeps' };
    expect((await resolveDispute(t.app, undefined, dispute.id, query)).statusCode).toBe(401);
    expect((await resolveDispute(t.app, professional.headers, dispute.id, query)).statusCode).toBe(403);
    const unknown = await resolveDispute(t.app, admin.headers, '00000000-0000-4000-8000-000000000000', query);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Contestação não encontrada' });
    const holder = await createTestUser(t.app);
    await signUpWithTakenCpf(t, holder.user.cpf!);
    const [unconfirmed] = await t.app.db.select().from(cpfDisputes).where(eq(cpfDisputes.holderUserId, holder.user.id));
    expect((await resolveDispute(t.app, admin.headers, unconfirmed!.id, query)).statusCode).toBe(404);

    const badResolution = await resolveDispute(t.app, admin.headers, dispute.id, { resolution: 'talvez' });
    expect(badResolution.statusCode).toBe(422);
    expect(errorLocs(badResolution)).toEqual([['querystring', 'resolution']]);
    const badId = await resolveDispute(t.app, admin.headers, 'nao-e-uuid', query);
    expect(badId.statusCode).toBe(422);
    expect(errorLocs(badId)).toEqual([['params', 'id']]);
    const [untouched] = await t.app.db.select().from(cpfDisputes).where(eq(cpfDisputes.id, dispute.id));
    expect(untouched!.status).toBe('open');
  });
});
