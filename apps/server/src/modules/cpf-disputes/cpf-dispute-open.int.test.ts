import type { TAdminUserDetail, TAdminUserList } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditRowsOf,
  fieldErrors,
  postUser,
  signUpBody,
  SIGN_UP_PASSWORD,
  storedUsersWithEmail,
} from '../../../test/account-requests';
import { adminRequest, createLoggedInAdmin } from '../../../test/admin-test-requests';
import { CLAIM_SUBJECT, claimCodeIn, openDispute, signUpWithTakenCpf } from '../../../test/cpf-dispute-test-requests';
import { createTestUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { cpfDisputes } from '../../db/schema/index';

// Issue 17 §5: a professional whose CPF someone else registered learns it at sign-up and can contest it.

const t = useTestApp();

const ATTEMPT = /Tentativa de cadastro/;

async function expectNoMail(email: string, subject = /./) {
  await expect(t.mailbox.next(email, subject, 300)).rejects.toThrow(/No mail/);
}

describe('a sign-up with a CPF another account holds', () => {
  it('answers as any sign-up, creates no account, tells the holder, and mails the new e-mail an offer to contest', async () => {
    const holder = await createTestUser(t.app);
    const { body, mail } = await signUpWithTakenCpf(t, holder.user.cpf!);

    expect(await storedUsersWithEmail(t.app, body.email)).toHaveLength(0);
    await t.mailbox.next(holder.email, ATTEMPT);
    // The address is not proved to be the signer's: nothing typed at sign-up is in the mail.
    expect(mail.text).not.toContain(body.name);
    expect(mail.text).not.toContain(body.cpf);
    expect(mail.text).toContain('o CPF informado já pertence a outra conta');
    expect(mail.text).toContain(`${t.config.publicUrl}/account-verification?cpf_claim=`);
    expect(mail.text).toContain(`${t.config.publicUrl}/log-in`);
  });

  it('offers nothing to contest when the e-mail is registered too', async () => {
    const holder = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    expect((await postUser(t.app, signUpBody({ email: other.email, cpf: holder.user.cpf! }))).statusCode).toBe(202);
    await t.mailbox.next(other.email, ATTEMPT);
    await expectNoMail(other.email, CLAIM_SUBJECT);
  });

  it('shows the administrators nothing until the link is followed', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const holder = await createTestUser(t.app);
    await signUpWithTakenCpf(t, holder.user.cpf!);
    const detail = await adminRequest(t.app, admin.headers, 'GET', `/user/${holder.user.id}`);
    expect(detail.json<TAdminUserDetail>()).toMatchObject({ has_open_cpf_dispute: false, cpf_disputes: [] });
  });
});

describe('POST /api/v1/user/cpf-dispute', () => {
  it('checks the code, then asks for the sign-up password; with it the dispute opens on the holder, for the administrators', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const holder = await createTestUser(t.app, { name: 'Dr. Impostor' });
    const { body, code } = await signUpWithTakenCpf(t, holder.user.cpf!);

    const bare = await openDispute(t.app, { code });
    expect(bare.statusCode).toBe(422);
    expect(fieldErrors(bare)).toEqual([
      expect.objectContaining({ loc: ['body', 'password'], type: 'password_required' }),
    ]);
    const wrong = await openDispute(t.app, { code, password: 'outra senha qualquer' });
    expect(fieldErrors(wrong)).toEqual([
      expect.objectContaining({ loc: ['body', 'password'], type: 'wrong_password' }),
    ]);

    const opened = await openDispute(t.app, { code, password: SIGN_UP_PASSWORD });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ already_open: false });
    expect((await openDispute(t.app, { code })).json()).toMatchObject({ already_open: true });

    const detail = (
      await adminRequest(t.app, admin.headers, 'GET', `/user/${holder.user.id}`)
    ).json<TAdminUserDetail>();
    expect(detail.has_open_cpf_dispute).toBe(true);
    expect(detail.cpf_disputes).toHaveLength(1);
    expect(detail.cpf_disputes[0]).toMatchObject({
      cpf: holder.user.cpf,
      holder: { id: holder.user.id, name: 'Dr. Impostor', email: holder.email },
      claimant: { name: body.name, email: body.email, phone: '11987654321' },
    });
    const list = await adminRequest(t.app, admin.headers, 'GET', '/user/', {
      cpf_dispute: 'open',
      email: holder.email,
    });
    expect(list.json<TAdminUserList>().items).toEqual([
      expect.objectContaining({ id: holder.user.id, has_open_cpf_dispute: true }),
    ]);
    const opening = (await auditRowsOf(t.app, holder.user.id)).find((row) => row.action === 'user.cpf_dispute_opened');
    expect(opening!.details).toEqual({ dispute_id: detail.cpf_disputes[0]!.id });
  });

  it('takes a new password instead, which the account made later will use', async () => {
    const holder = await createTestUser(t.app);
    const { code } = await signUpWithTakenCpf(t, holder.user.cpf!);
    const common = await openDispute(t.app, { code, new_password: 'password123' });
    expect(fieldErrors(common)[0]!.loc).toEqual(['body', 'new_password']);
    expect((await openDispute(t.app, { code, new_password: 'senha nova da contestação' })).statusCode).toBe(200);
    const [dispute] = await t.app.db.select().from(cpfDisputes).where(eq(cpfDisputes.holderUserId, holder.user.id));
    expect(dispute).toMatchObject({ status: 'open' });
  });

  it('refuses an unknown, expired or replaced code, and bad input, with 422 naming the field', async () => {
    const holder = await createTestUser(t.app);
    const first = await signUpWithTakenCpf(t, holder.user.cpf!);
    // A second sign-up of the same e-mail replaces the unconfirmed claim.
    expect((await postUser(t.app, { ...first.body, password: 'outra senha do cadastro' })).statusCode).toBe(202);
    const latest = claimCodeIn(await t.mailbox.next(first.body.email, CLAIM_SUBJECT));
    await t.app.db
      .update(cpfDisputes)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(cpfDisputes.holderUserId, holder.user.id));
    for (const code of [first.code, latest, 'codigo-que-nunca-existiu']) {
      const response = await openDispute(t.app, { code, password: SIGN_UP_PASSWORD });
      expect(response.statusCode, code).toBe(422);
      expect(fieldErrors(response)[0]!.loc).toEqual(['body', 'code']);
    }
    for (const [payload, field] of [
      [{}, 'code'],
      [{ code: '' }, 'code'],
      [{ code: 'abc', password: 'x', new_password: 'senha nova bem longa' }, 'new_password'],
      [{ code: 'abc', extra: 1 }, undefined],
    ] as const) {
      const response = await openDispute(t.app, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      if (field) expect(fieldErrors(response)[0]!.loc).toEqual(['body', field]);
    }
  });
});
