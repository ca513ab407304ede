import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditRowsOf,
  errorLocs,
  fieldErrors,
  forgotPassword,
  postToken,
  postUser,
  resendVerification,
  resetPassword,
  signUpBody,
  SIGN_UP_PASSWORD,
  storedUsersWithEmail,
  verifyAccount,
  WITH_SIGN_UP_PASSWORD,
} from '../../../test/account-requests';
import { createTestUser } from '../../../test/factories';
import { Mailbox } from '../../../test/mailbox';
import { useTestApp } from '../../../test/test-app';
import { oneTimeCodes, users } from '../../db/schema/index';

const t = useTestApp();

const VERIFICATION_SUBJECT = /Confirme seu e-mail/;
const RESEND_ANSWER = { detail: 'Se houver uma conta aguardando verificação, enviaremos um novo e-mail.' };

async function signUp() {
  const body = signUpBody();
  expect((await postUser(t.app, body)).statusCode).toBe(202);
  const code = Mailbox.codeIn(await t.mailbox.next(body.email, VERIFICATION_SUBJECT));
  const [user] = await storedUsersWithEmail(t.app, body.email);
  return { body, user: user!, code };
}

async function expectNoMail(email: string) {
  await expect(t.mailbox.next(email, /./, 300)).rejects.toThrow(/No mail/);
}

describe('POST /api/v1/token/verify-account', () => {
  it('refuses an expired code and leaves the account unverified', async () => {
    const { body, user, code } = await signUp();
    await t.app.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeCodes.userId, user.id), isNull(oneTimeCodes.usedAt)));
    const response = await verifyAccount(t.app, code);
    expect(response.statusCode).toBe(422);
    expect(errorLocs(response)).toEqual([['body', 'code']]);
    const [stored] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ status: 'pending_verification', emailVerifiedAt: null });
    expect((await postToken(t.app, body.email, SIGN_UP_PASSWORD)).statusCode).toBe(403);
  });

  it('does not take a password-reset code, nor a reset endpoint a verification code', async () => {
    const { body, code } = await signUp();
    expect((await resetPassword(t.app, { code, new_password: 'outra senha bem longa' })).statusCode).toBe(422);
    expect((await forgotPassword(t.app, { email: body.email, cpf: body.cpf })).statusCode).toBe(202);
    const resetCode = Mailbox.codeIn(await t.mailbox.next(body.email, /Redefinição de senha/));
    expect((await verifyAccount(t.app, resetCode)).statusCode).toBe(422);
    // Both codes are still good for what they were made for.
    expect((await verifyAccount(t.app, code, WITH_SIGN_UP_PASSWORD)).statusCode).toBe(200);
    expect((await resetPassword(t.app, { code: resetCode, new_password: 'outra senha bem longa' })).statusCode).toBe(
      200,
    );
  });

  it('keeps a suspended account suspended', async () => {
    const { body, user, code } = await signUp();
    await t.app.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    expect((await verifyAccount(t.app, code, WITH_SIGN_UP_PASSWORD)).statusCode).toBe(200);
    const [stored] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.status).toBe('suspended');
    // The right password of a suspended account: told it is suspended (wrong ones get the usual 401).
    expect((await postToken(t.app, body.email, SIGN_UP_PASSWORD)).statusCode).toBe(423);
  });
});

describe('GET /api/v1/token/verify-account (is this link good, before the password?)', () => {
  const check = (code: string) => t.app.inject({ method: 'GET', url: '/api/v1/token/verify-account', query: { code } });

  it('answers 200 for a good link without using it, and says so once the account is verified', async () => {
    const { code } = await signUp();
    const good = await check(code);
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ already_verified: false });
    expect((await verifyAccount(t.app, code, WITH_SIGN_UP_PASSWORD)).statusCode).toBe(200);
    expect((await check(code)).json()).toMatchObject({ already_verified: true });
  });

  it('answers 422 on `code` for an unknown or expired link', async () => {
    expect(errorLocs(await check('nao-existe'))).toEqual([['querystring', 'code']]);
    const { user, code } = await signUp();
    await t.app.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeCodes.userId, user.id), isNull(oneTimeCodes.usedAt)));
    const expired = await check(code);
    expect(expired.statusCode).toBe(422);
    expect(errorLocs(expired)).toEqual([['querystring', 'code']]);
  });
});

describe('the password typed on verifying', () => {
  it('asks for it once the code is known good, and activates the sign-up password typed again', async () => {
    const { body, user, code } = await signUp();
    const bare = await verifyAccount(t.app, code);
    expect(bare.statusCode).toBe(422);
    expect(fieldErrors(bare)).toEqual([
      expect.objectContaining({ loc: ['body', 'password'], type: 'password_required' }),
    ]);
    expect((await verifyAccount(t.app, code, WITH_SIGN_UP_PASSWORD)).statusCode).toBe(200);
    expect((await postToken(t.app, body.email, SIGN_UP_PASSWORD)).statusCode).toBe(200);
    const verified = (await auditRowsOf(t.app, user.id)).find((row) => row.action === 'user.verified');
    expect(verified!.details).toEqual({ credentials_chosen: false });
  });

  it('refuses a wrong sign-up password, offering to choose a new one, and keeps the code good', async () => {
    const { body, user, code } = await signUp();
    const wrong = await verifyAccount(t.app, code, { password: 'outra senha qualquer' });
    expect(wrong.statusCode).toBe(422);
    expect(fieldErrors(wrong)).toEqual([
      {
        loc: ['body', 'password'],
        msg: 'Esta não é a senha escolhida no cadastro. Se não reconhece este cadastro ou esqueceu a senha, escolha uma nova senha.',
        type: 'wrong_password',
      },
    ]);
    const [stored] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ status: 'pending_verification', emailVerifiedAt: null });
    expect((await verifyAccount(t.app, code, WITH_SIGN_UP_PASSWORD)).statusCode).toBe(200);
    expect((await postToken(t.app, body.email, SIGN_UP_PASSWORD)).statusCode).toBe(200);
  });

  it('takes a new password instead, which voids the sign-up one', async () => {
    const { body, user, code } = await signUp();
    expect((await verifyAccount(t.app, code, { new_password: 'senha nova da dona' })).statusCode).toBe(200);
    expect((await postToken(t.app, body.email, SIGN_UP_PASSWORD)).statusCode).toBe(401);
    expect((await postToken(t.app, body.email, 'senha nova da dona')).statusCode).toBe(200);
    const verified = (await auditRowsOf(t.app, user.id)).find((row) => row.action === 'user.verified');
    expect(verified!.details).toEqual({ credentials_chosen: true });
  });

  it('refuses both passwords at once, and a new password that is too common, naming the field', async () => {
    const { code } = await signUp();
    const both = await verifyAccount(t.app, code, { password: SIGN_UP_PASSWORD, new_password: 'senha nova da dona' });
    expect(both.statusCode).toBe(422);
    expect(errorLocs(both)).toEqual([['body', 'new_password']]);
    const common = await verifyAccount(t.app, code, { new_password: 'password123' });
    expect(common.statusCode).toBe(422);
    expect(errorLocs(common)).toEqual([['body', 'new_password']]);
    expect((await verifyAccount(t.app, code, WITH_SIGN_UP_PASSWORD)).statusCode).toBe(200);
  });
});

describe('POST /api/v1/token/verify-account/resend', () => {
  it('mails a new code to an unverified account; the earlier code stops working; verifying still asks for a password', async () => {
    const { body, code: firstCode } = await signUp();
    const response = await resendVerification(t.app, body.email.toUpperCase());
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual(RESEND_ANSWER);
    const mail = await t.mailbox.next(body.email, VERIFICATION_SUBJECT);
    const secondCode = Mailbox.codeIn(mail);
    expect(secondCode).not.toBe(firstCode);
    expect((await verifyAccount(t.app, firstCode)).statusCode).toBe(422);
    const withoutPassword = await verifyAccount(t.app, secondCode);
    expect(withoutPassword.statusCode).toBe(422);
    expect(errorLocs(withoutPassword)).toEqual([['body', 'password']]);
    const weak = await verifyAccount(t.app, secondCode, { new_password: 'password123' });
    expect(weak.statusCode).toBe(422);
    expect(errorLocs(weak)).toEqual([['body', 'new_password']]);
    expect((await verifyAccount(t.app, secondCode, { new_password: 'senha escolhida agora' })).statusCode).toBe(200);
    expect((await postToken(t.app, body.email, SIGN_UP_PASSWORD)).statusCode).toBe(401);
    expect((await postToken(t.app, body.email, 'senha escolhida agora')).statusCode).toBe(200);
  });

  it('says a used link of a verified account is already verified, and a resent one too', async () => {
    const { body, code: firstCode } = await signUp();
    expect((await resendVerification(t.app, body.email)).statusCode).toBe(202);
    const secondCode = Mailbox.codeIn(await t.mailbox.next(body.email, VERIFICATION_SUBJECT));
    expect((await verifyAccount(t.app, secondCode, { new_password: 'senha escolhida agora' })).statusCode).toBe(200);
    for (const code of [firstCode, secondCode]) {
      const again = await verifyAccount(t.app, code);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ already_verified: true });
    }
  });

  it('answers the same, and mails nothing, for an unknown or already active account', async () => {
    const active = await createTestUser(t.app);
    const unknown = signUpBody().email;
    for (const email of [active.email, unknown]) {
      const response = await resendVerification(t.app, email);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual(RESEND_ANSWER);
    }
    await expectNoMail(active.email);
    await expectNoMail(unknown);
  });

  it('refuses bad input with 422 naming the field', async () => {
    for (const payload of [{}, { email: 'nao-e-email' }, { email: 'a@b.test', extra: true }, { email: 42 }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/token/verify-account/resend', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(errorLocs(response)[0]![0]).toBe('body');
    }
  });
});
