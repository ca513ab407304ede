import type { TUser } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  postToken,
  postUser,
  signUpBody,
  SIGN_UP_PASSWORD,
  verifyAccount,
  fieldErrors,
  formatCpf,
} from '../../../test/account-requests';
import { uniqueCpf, uniqueEmail } from '../../../test/factories';
import { Mailbox } from '../../../test/mailbox';
import { useTestApp } from '../../../test/test-app';
import { users } from '../../db/schema/index';

const t = useTestApp();

const VERIFICATION_SUBJECT = /Confirme seu e-mail/;

async function usersWithEmail(email: string) {
  return t.app.db.select().from(users).where(eq(users.email, email.toLowerCase()));
}

/** Signs up with `password`, confirms the e-mail with the mailed code and logs in. */
async function signUpAndVerify(password: string) {
  const body = signUpBody({ password });
  expect((await postUser(t.app, body)).statusCode).toBe(201);
  const mail = await t.mailbox.next(body.email, VERIFICATION_SUBJECT);
  expect((await verifyAccount(t.app, Mailbox.codeIn(mail))).statusCode).toBe(200);
  return body;
}

describe('POST /api/v1/user/ (sign-up)', () => {
  it('creates an unverified account, mails a single-use code, and login works once it is used', async () => {
    const body = signUpBody({ email: uniqueEmail('Nova.Medica').toUpperCase(), cpf: formatCpf(uniqueCpf()) });
    const response = await postUser(t.app, body);
    expect(response.statusCode).toBe(201);
    const user = response.json<TUser>();
    expect(user).toMatchObject({
      name: body.name,
      email: body.email.toLowerCase(),
      cpf: body.cpf.replace(/\D/g, ''),
      phone: '11987654321',
      status: 'pending_verification',
      scopes: ['user'],
      credits: 0,
      email_verified: false,
      birth_date: null,
      address: null,
    });
    expect(JSON.stringify(user)).not.toContain(SIGN_UP_PASSWORD);
    const [stored] = await usersWithEmail(body.email);
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);

    // Not yet: the e-mail is unconfirmed.
    expect((await postToken(t.app, body.email, SIGN_UP_PASSWORD)).statusCode).toBe(403);

    const mail = await t.mailbox.next(user.email, VERIFICATION_SUBJECT);
    expect(mail.text).toContain(`Olá, ${body.name}.`);
    expect(mail.text).toContain('confirme seu e-mail');
    expect(mail.text).toContain(`${t.config.publicUrl}/account-verification?code=`);
    const code = Mailbox.codeIn(mail);

    const verified = await verifyAccount(t.app, code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ detail: 'E-mail confirmado. Você já pode entrar.' });

    const again = await verifyAccount(t.app, code);
    expect(again.statusCode).toBe(422);
    expect(fieldErrors(again)).toEqual([expect.objectContaining({ loc: ['body', 'code'], type: 'invalid_code' })]);

    const login = await postToken(t.app, body.email, SIGN_UP_PASSWORD);
    expect(login.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/me/',
      headers: { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` },
    });
    expect(me.json<TUser>()).toMatchObject({ id: user.id, status: 'active', email_verified: true });
  });

  it('lets only one of two simultaneous uses of a code through', async () => {
    const body = signUpBody();
    expect((await postUser(t.app, body)).statusCode).toBe(201);
    const code = Mailbox.codeIn(await t.mailbox.next(body.email, VERIFICATION_SUBJECT));
    const answers = await Promise.all([verifyAccount(t.app, code), verifyAccount(t.app, code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
  });

  it('refuses an unknown or malformed verification code with 422 naming the field', async () => {
    const unknown = await verifyAccount(t.app, 'codigo-que-nunca-existiu');
    expect(unknown.statusCode).toBe(422);
    expect(fieldErrors(unknown)[0]!.loc).toEqual(['body', 'code']);
    for (const payload of [{}, { code: '' }, { code: 'x'.repeat(201) }, { code: 'abc', extra: 1 }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/token/verify-account', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
  });

  it('accepts a 500-character password and logs in with it', async () => {
    const password = 'Longa frase de acesso, bem pessoal. '.repeat(14).slice(0, 500);
    const body = await signUpAndVerify(password);
    expect((await postToken(t.app, body.email, password)).statusCode).toBe(200);
  });

  it('accepts a Unicode password and matches it however the accents are composed', async () => {
    const password = 'Çàíôü senha 日本語 🩺 Ωμέγα';
    const body = await signUpAndVerify(password.normalize('NFD'));
    expect((await postToken(t.app, body.email, password.normalize('NFC'))).statusCode).toBe(200);
    expect((await postToken(t.app, body.email, password.normalize('NFD'))).statusCode).toBe(200);
  });

  it('answers 409 naming the field for a taken e-mail (any case) or CPF (any format), and writes nothing', async () => {
    const first = signUpBody();
    expect((await postUser(t.app, first)).statusCode).toBe(201);

    const sameEmail = signUpBody({ email: ` ${first.email.toUpperCase()} ` });
    const emailTaken = await postUser(t.app, sameEmail);
    expect(emailTaken.statusCode).toBe(409);
    expect(fieldErrors(emailTaken)).toEqual([expect.objectContaining({ loc: ['body', 'email'], type: 'unique' })]);
    expect(await t.app.db.select().from(users).where(eq(users.cpf, sameEmail.cpf))).toHaveLength(0);

    const sameCpf = signUpBody({ cpf: formatCpf(first.cpf) });
    const cpfTaken = await postUser(t.app, sameCpf);
    expect(cpfTaken.statusCode).toBe(409);
    expect(fieldErrors(cpfTaken)).toEqual([expect.objectContaining({ loc: ['body', 'cpf'], type: 'unique' })]);
    expect(await usersWithEmail(sameCpf.email)).toHaveLength(0);
  });

  it('creates one account when the same sign-up arrives twice at once', async () => {
    const body = signUpBody();
    const answers = await Promise.all([postUser(t.app, body), postUser(t.app, body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await usersWithEmail(body.email)).toHaveLength(1);
  });
});
