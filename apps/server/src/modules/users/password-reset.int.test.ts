import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  errorLocs,
  fieldErrors,
  formatCpf,
  forgotPassword,
  postToken,
  resetPassword,
  signUpBody,
} from '../../../test/account-requests';
import { createLoggedInUser, createTestUser, logIn, TEST_PASSWORD, type TestUser } from '../../../test/factories';
import { Mailbox } from '../../../test/mailbox';
import { useTestApp } from '../../../test/test-app';
import { oneTimeCodes, users } from '../../db/schema/index';

const t = useTestApp();

const RESET_SUBJECT = /Redefinição de senha/;
const NEW_PASSWORD = 'nova senha do consultório';

/** Asks for a reset of `account` and answers the mailed code. */
async function requestCode(account: TestUser): Promise<string> {
  const response = await forgotPassword(t.app, { email: account.email, cpf: account.user.cpf! });
  expect(response.statusCode).toBe(202);
  return Mailbox.codeIn(await t.mailbox.next(account.email, RESET_SUBJECT));
}

function me(headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/api/v1/user/me/', headers });
}

describe('POST /api/v1/user/forgot-password', () => {
  it('answers the same 202 whether or not e-mail and CPF match an account, and mails only a match', async () => {
    const account = await createTestUser(t.app);
    const stranger = signUpBody();
    const answers = await Promise.all([
      forgotPassword(t.app, { email: account.email, cpf: account.user.cpf! }),
      forgotPassword(t.app, { email: stranger.email, cpf: stranger.cpf }),
      forgotPassword(t.app, { email: account.email, cpf: stranger.cpf }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.body).toBe(answers[0].body);
    }
    expect(answers[0].json()).toEqual({ detail: 'Se os dados conferirem, enviaremos um e-mail com as instruções.' });
    const mail = await t.mailbox.next(account.email, RESET_SUBJECT);
    expect(mail.text).toContain('Olá, Dra. Helena Prado.');
    expect(mail.text).toContain('redefinir a senha');
    expect(mail.text).toContain(`${t.config.publicUrl}/reset-password?code=`);
    // The wrong-CPF request sent nothing, and no other mail went out.
    await expect(t.mailbox.next(account.email, RESET_SUBJECT, 300)).rejects.toThrow(/No mail/);
    await expect(t.mailbox.next(stranger.email, /./, 50)).rejects.toThrow(/No mail/);
  });

  it('accepts the e-mail in any case and the CPF formatted', async () => {
    const account = await createTestUser(t.app);
    const response = await forgotPassword(t.app, {
      email: account.email.toUpperCase(),
      cpf: formatCpf(account.user.cpf!),
    });
    expect(response.statusCode).toBe(202);
    await t.mailbox.next(account.email, RESET_SUBJECT);
  });

  it('mails nothing to a suspended account', async () => {
    const account = await createTestUser(t.app, { status: 'suspended' });
    expect((await forgotPassword(t.app, { email: account.email, cpf: account.user.cpf! })).statusCode).toBe(202);
    await expect(t.mailbox.next(account.email, RESET_SUBJECT, 300)).rejects.toThrow(/No mail/);
  });

  it('refuses bad input with 422 naming the query field', async () => {
    const account = await createTestUser(t.app);
    const cases: [Record<string, string>, string][] = [
      [{ cpf: account.user.cpf! }, 'email'],
      [{ email: account.email }, 'cpf'],
      [{ email: 'sem-arroba', cpf: account.user.cpf! }, 'email'],
      [{ email: account.email, cpf: '111.111.111-11' }, 'cpf'],
      [{ email: account.email, cpf: '529.982.247-24' }, 'cpf'],
      [{ email: account.email, cpf: account.user.cpf!, scopes: 'admin' }, 'scopes'],
    ];
    for (const [query, field] of cases) {
      const response = await forgotPassword(t.app, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(errorLocs(response)).toContainEqual(['querystring', field]);
    }
    await expect(t.mailbox.next(account.email, /./, 200)).rejects.toThrow(/No mail/);
  });
});

describe('POST /api/v1/user/reset-password', () => {
  it('sets the password, ends every session, and the code works once', async () => {
    const account = await createLoggedInUser(t.app);
    const other = await logIn(t.app, account.email, TEST_PASSWORD);
    const code = await requestCode(account);

    const response = await resetPassword(t.app, { code, new_password: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Senha redefinida. Entre com a nova senha.' });

    expect((await me(account.headers)).statusCode).toBe(401);
    expect((await me({ authorization: `Bearer ${other.access_token}` })).statusCode).toBe(401);
    expect((await postToken(t.app, account.email, TEST_PASSWORD)).statusCode).toBe(401);
    const fresh = await logIn(t.app, account.email, NEW_PASSWORD);
    expect((await me({ authorization: `Bearer ${fresh.access_token}` })).statusCode).toBe(200);

    const again = await resetPassword(t.app, { code, new_password: 'terceira senha diferente' });
    expect(again.statusCode).toBe(422);
    expect(fieldErrors(again)).toEqual([
      expect.objectContaining({ loc: ['querystring', 'code'], type: 'invalid_code' }),
    ]);
    expect((await postToken(t.app, account.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired code and keeps the old password', async () => {
    const account = await createTestUser(t.app);
    const code = await requestCode(account);
    await t.app.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userId, account.user.id));
    const response = await resetPassword(t.app, { code, new_password: NEW_PASSWORD });
    expect(response.statusCode).toBe(422);
    expect(errorLocs(response)).toEqual([['querystring', 'code']]);
    expect((await postToken(t.app, account.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('lets only the newest requested code work', async () => {
    const account = await createTestUser(t.app);
    const first = await requestCode(account);
    const second = await requestCode(account);
    expect((await resetPassword(t.app, { code: first, new_password: NEW_PASSWORD })).statusCode).toBe(422);
    expect((await resetPassword(t.app, { code: second, new_password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a weak new password without using the code up, and keeps every session', async () => {
    const account = await createLoggedInUser(t.app);
    const code = await requestCode(account);
    const weak: [string, string][] = [
      ['password123', 'common_password'],
      ['12345678', 'common_password'],
      ['curta', 'too_small'],
      ['senha\u0000com nul', 'custom'],
    ];
    for (const [new_password, type] of weak) {
      const response = await resetPassword(t.app, { code, new_password });
      expect(response.statusCode, new_password).toBe(422);
      expect(fieldErrors(response), new_password).toContainEqual(
        expect.objectContaining({ loc: ['querystring', 'new_password'], type }),
      );
    }
    expect((await me(account.headers)).statusCode).toBe(200);
    expect((await postToken(t.app, account.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await resetPassword(t.app, { code, new_password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('accepts long and Unicode passwords', async () => {
    for (const newPassword of ['Çàíôü senha 日本語 🩺'.normalize('NFD'), 'frase longa, '.repeat(40).slice(0, 500)]) {
      const account = await createTestUser(t.app);
      const code = await requestCode(account);
      expect((await resetPassword(t.app, { code, new_password: newPassword })).statusCode).toBe(200);
      expect((await postToken(t.app, account.email, newPassword.normalize('NFC'))).statusCode).toBe(200);
    }
  });

  it('confirms the e-mail of an account still waiting for verification', async () => {
    const account = await createTestUser(t.app, { status: 'pending_verification' });
    const code = await requestCode(account);
    expect((await resetPassword(t.app, { code, new_password: NEW_PASSWORD })).statusCode).toBe(200);
    const [stored] = await t.app.db.select().from(users).where(eq(users.id, account.user.id));
    expect(stored!.status).toBe('active');
    expect(stored!.emailVerifiedAt).not.toBeNull();
    expect((await postToken(t.app, account.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses the current password with 422 naming the field, and the code still works', async () => {
    const account = await createLoggedInUser(t.app);
    const code = await requestCode(account);
    const same = await resetPassword(t.app, { code, new_password: TEST_PASSWORD });
    expect(same.statusCode).toBe(422);
    expect(fieldErrors(same)).toEqual([
      {
        loc: ['querystring', 'new_password'],
        msg: 'A nova senha deve ser diferente da senha atual',
        type: 'same_password',
      },
    ]);
    expect((await me(account.headers)).statusCode).toBe(200);
    expect((await resetPassword(t.app, { code, new_password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses missing, unknown and extra query fields with 422', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ new_password: NEW_PASSWORD }, 'code'],
      [{ code: 'qualquer' }, 'new_password'],
      [{ code: 'codigo-inexistente', new_password: NEW_PASSWORD }, 'code'],
      [{ code: 'x'.repeat(201), new_password: NEW_PASSWORD }, 'code'],
      [{ code: 'qualquer', new_password: NEW_PASSWORD, status: 'active' }, 'status'],
    ];
    for (const [query, field] of cases) {
      const response = await resetPassword(t.app, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(errorLocs(response)).toContainEqual(['querystring', field]);
    }
  });
});

describe('GET /api/v1/user/reset-password (can this link still be used?)', () => {
  function checkCode(code: string) {
    return t.app.inject({ method: 'GET', url: '/api/v1/user/reset-password', query: { code } });
  }

  it('answers 200 for a fresh link without using it, and says when it was used or has expired', async () => {
    const account = await createTestUser(t.app);
    const code = await requestCode(account);
    expect((await checkCode(code)).statusCode).toBe(200);
    expect((await checkCode(code)).statusCode).toBe(200);
    expect((await resetPassword(t.app, { code, new_password: NEW_PASSWORD })).statusCode).toBe(200);

    for (const used of [
      await checkCode(code),
      await resetPassword(t.app, { code, new_password: 'outra senha nova' }),
    ]) {
      expect(used.statusCode).toBe(422);
      expect(fieldErrors(used)).toEqual([
        { loc: ['querystring', 'code'], msg: 'Este link já foi usado', type: 'invalid_code' },
      ]);
    }

    const later = await requestCode(account);
    await t.app.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userId, account.user.id));
    expect(fieldErrors(await checkCode(later))[0]!.msg).toBe('Este link expirou');
    expect(errorLocs(await checkCode('codigo-inexistente'))).toEqual([['querystring', 'code']]);
    expect(errorLocs(await checkCode(''))).toEqual([['querystring', 'code']]);
  });
});
