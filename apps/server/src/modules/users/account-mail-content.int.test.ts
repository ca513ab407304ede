import { describe, expect, it } from 'vitest';
import { forgotPassword, postUser, resendVerification, signUpBody } from '../../../test/account-requests';
import { useTestApp } from '../../../test/test-app';
import type { MailMessage } from '../../platform/mail/mailer';

// Issue 8, A8: a sign-up can name any address, so what it types must not reach that address in an
// official-looking mail before the address is proved to be the signer's.

const t = useTestApp();

const INJECTED_NAME = 'Ana. URGENTE: sua conta será bloqueada, confirme em https://evil.test';

function urlsIn(mail: MailMessage): string[] {
  return mail.text.match(/\bhttps?:\/\/\S+|\b[\w-]+(\.[\w-]+)+\/\S*/g) ?? [];
}

function expectNoTypedText(mail: MailMessage, link: RegExp) {
  for (const part of ['Ana', 'URGENTE', 'bloqueada', 'evil']) expect(mail.text).not.toContain(part);
  const urls = urlsIn(mail);
  expect(urls).toHaveLength(1);
  expect(urls[0]).toMatch(link);
}

describe('account mails to an unverified address', () => {
  it('carry none of the text typed at sign-up: verification, resent verification and password reset', async () => {
    const body = signUpBody({ name: INJECTED_NAME });
    expect((await postUser(t.app, body)).statusCode).toBe(202);
    const verification = await t.mailbox.next(body.email, /Confirme seu e-mail/);
    expectNoTypedText(verification, new RegExp(`^${t.config.publicUrl}/account-verification\\?code=`));

    expect((await resendVerification(t.app, body.email)).statusCode).toBe(202);
    const resent = await t.mailbox.next(body.email, /Confirme seu e-mail/);
    expectNoTypedText(resent, new RegExp(`^${t.config.publicUrl}/account-verification\\?code=`));

    expect((await forgotPassword(t.app, { email: body.email, cpf: body.cpf })).statusCode).toBe(202);
    const reset = await t.mailbox.next(body.email, /Redefinição de senha/);
    expectNoTypedText(reset, new RegExp(`^${t.config.publicUrl}/reset-password\\?code=`));
  });
});
