import type { TUser } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import {
  postToken,
  postUser,
  signUpBody,
  SIGN_UP_ANSWER,
  SIGN_UP_PASSWORD,
  storedUsersWithEmail,
  verifyAccount,
  WITH_SIGN_UP_PASSWORD,
  fieldErrors,
  formatCpf,
} from '../../../test/account-requests';
import { uniqueCpf, uniqueEmail } from '../../../test/factories';
import { Mailbox } from '../../../test/mailbox';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();

const VERIFICATION_SUBJECT = /Confirme seu e-mail/;

const usersWithEmail = (email: string) => storedUsersWithEmail(t.app, email);

/** Signs up with `password`, confirms the e-mail with the mailed code and logs in. */
async function signUpAndVerify(password: string) {
  const body = signUpBody({ password });
  expect((await postUser(t.app, body)).statusCode).toBe(202);
  const mail = await t.mailbox.next(body.email, VERIFICATION_SUBJECT);
  expect((await verifyAccount(t.app, Mailbox.codeIn(mail), { password })).statusCode).toBe(200);
  return body;
}

describe('POST /api/v1/user/ (sign-up)', () => {
  it('creates an unverified account, mails a single-use code, and login works once it is used', async () => {
    const body = signUpBody({ email: uniqueEmail('Nova.Medica').toUpperCase(), cpf: formatCpf(uniqueCpf()) });
    const response = await postUser(t.app, body);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual(SIGN_UP_ANSWER);
    const [stored] = await usersWithEmail(body.email);
    expect(stored).toMatchObject({
      name: body.name,
      email: body.email.toLowerCase(),
      cpf: body.cpf.replace(/\D/g, ''),
      phone: '11987654321',
      status: 'pending_verification',
      scopes: ['user'],
      credits: 0,
      emailVerifiedAt: null,
    });
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);

    // Not yet: the e-mail is unconfirmed.
    expect((await postToken(t.app, body.email, SIGN_UP_PASSWORD)).statusCode).toBe(403);

    const mail = await t.mailbox.next(stored!.email, VERIFICATION_SUBJECT);
    expect(mail.text).toContain('confirme seu e-mail');
    expect(mail.text).toContain('O link vale por 24 horas');
    expect(mail.text).toContain(`${t.config.publicUrl}/account-verification?code=`);
    const code = Mailbox.codeIn(mail);

    const verified = await verifyAccount(t.app, code, WITH_SIGN_UP_PASSWORD);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ detail: 'E-mail confirmado. Você já pode entrar.', already_verified: false });

    // A second click on the link says so, instead of "invalid code".
    const again = await verifyAccount(t.app, code);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      detail: 'Esta conta já está verificada. Você já pode entrar.',
      already_verified: true,
    });

    const login = await postToken(t.app, body.email, SIGN_UP_PASSWORD);
    expect(login.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/me/',
      headers: { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` },
    });
    expect(me.json<TUser>()).toMatchObject({ id: stored!.id, status: 'active', email_verified: true });
  });

  it('lets only one of two simultaneous uses of a code through', async () => {
    const body = signUpBody();
    expect((await postUser(t.app, body)).statusCode).toBe(202);
    const code = Mailbox.codeIn(await t.mailbox.next(body.email, VERIFICATION_SUBJECT));
    const answers = await Promise.all([
      verifyAccount(t.app, code, WITH_SIGN_UP_PASSWORD),
      verifyAccount(t.app, code, WITH_SIGN_UP_PASSWORD),
    ]);
    // The one that lost finds the code used (422) or, if it looked after the winner committed, the account verified.
    expect(answers.map((answer) => answer.statusCode)).toContain(200);
    expect(
      answers.filter((answer) => answer.json<{ already_verified?: boolean }>().already_verified === false),
    ).toHaveLength(1);
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

  it('creates one account, verified once, when the same sign-up arrives twice at once', async () => {
    const body = signUpBody();
    const answers = await Promise.all([postUser(t.app, body), postUser(t.app, body)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202]);
    expect(await usersWithEmail(body.email)).toHaveLength(1);
  });
});
