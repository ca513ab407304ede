import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorLocs, fieldErrors, postUser, signUpBody } from '../../../test/account-requests';
import { useTestApp } from '../../../test/test-app';
import { auditEvents, users } from '../../db/schema/index';

const t = useTestApp();

/** Posts a sign-up that must be refused with 422 at `loc`, and checks that no account was written. */
async function expectRefused(payload: Record<string, unknown>, loc: string[], type?: string) {
  const response = await postUser(t.app, payload);
  expect(response.statusCode, response.body).toBe(422);
  const errors = fieldErrors(response);
  expect(errors, response.body).toContainEqual(expect.objectContaining({ loc, ...(type ? { type } : {}) }));
  for (const error of errors) expect(error.msg).toEqual(expect.any(String));
  // (An address with a NUL cannot even be looked up: PostgreSQL text refuses it.)
  if (typeof payload.email === 'string' && !payload.email.includes('\u0000')) {
    const written = await t.app.db.select().from(users).where(eq(users.email, payload.email.toLowerCase()));
    expect(written).toHaveLength(0);
  }
  return errors;
}

describe('POST /api/v1/user/ refuses bad input with 422 naming the field', () => {
  it('lists every missing field', async () => {
    const response = await postUser(t.app, {});
    expect(response.statusCode).toBe(422);
    expect(errorLocs(response)).toEqual(
      expect.arrayContaining([
        ['body', 'name'],
        ['body', 'email'],
        ['body', 'cpf'],
        ['body', 'phone'],
        ['body', 'password'],
      ]),
    );
  });

  it('refuses a body that is not an object', async () => {
    for (const payload of [null, [], 'texto', 42]) {
      const response = await postUser(t.app, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
  });

  it('refuses CPFs with wrong check digits, repeated digits or the wrong length', async () => {
    for (const cpf of [
      '529.982.247-24',
      '52998224726',
      '111.111.111-11',
      '00000000000',
      '99999999999',
      '1234567890',
      '5299822472500',
      'abc.def.ghi-jk',
      '',
    ]) {
      await expectRefused(signUpBody({ cpf }), ['body', 'cpf']);
    }
  });

  it('refuses passwords shorter than 8 characters', async () => {
    for (const password of ['', 'a', 'Ab3$xyz']) {
      await expectRefused(signUpBody({ password }), ['body', 'password'], 'too_small');
    }
  });

  it('refuses the most common passwords, whatever their case', async () => {
    for (const password of ['password123', '12345678', 'PASSWORD123', 'iloveyou', 'aaaaaaaaaa', '123456789']) {
      await expectRefused(signUpBody({ password }), ['body', 'password'], 'common_password');
    }
  });

  it('refuses passwords with NUL characters and ones beyond the cap', async () => {
    await expectRefused(signUpBody({ password: 'senha\u0000comprida' }), ['body', 'password']);
    await expectRefused(signUpBody({ password: 'x'.repeat(513) }), ['body', 'password'], 'too_big');
  });

  it('refuses NUL and other control characters and unnormalised Unicode in the name', async () => {
    await expectRefused(signUpBody({ name: 'Ana\u0000Souza' }), ['body', 'name']);
    await expectRefused(signUpBody({ name: 'Ana\u0007Souza' }), ['body', 'name']);
    await expectRefused(signUpBody({ name: 'Ana\nSouza' }), ['body', 'name']);
    const errors = await expectRefused(signUpBody({ name: 'Jose\u0301 Conceic\u0327a\u0303o' }), ['body', 'name']);
    expect(JSON.stringify(errors)).toContain('NFC');
  });

  it('refuses names that are too short or too long', async () => {
    await expectRefused(signUpBody({ name: 'A' }), ['body', 'name']);
    await expectRefused(signUpBody({ name: '   ' }), ['body', 'name']);
    await expectRefused(signUpBody({ name: 'A'.repeat(121) }), ['body', 'name']);
  });

  it('refuses malformed e-mails and phones', async () => {
    for (const email of ['sem-arroba', 'a@b', '@clinica.test', 'ana@clinica.test\u0000', `${'a'.repeat(250)}@x.com`]) {
      await expectRefused(signUpBody({ email }), ['body', 'email']);
    }
    for (const phone of ['123', '00987654321', '(11) 9876-54321a', '1'.repeat(30)]) {
      await expectRefused(signUpBody({ phone }), ['body', 'phone']);
    }
  });

  it('refuses fields of the wrong type', async () => {
    const response = await postUser(t.app, { ...signUpBody(), name: 42, password: ['x'], cpf: 52998224725 });
    expect(response.statusCode).toBe(422);
    expect(errorLocs(response)).toEqual(
      expect.arrayContaining([
        ['body', 'name'],
        ['body', 'password'],
        ['body', 'cpf'],
      ]),
    );
  });

  it('refuses a client setting its own scopes, status, credits or verification as unknown fields', async () => {
    const body = signUpBody();
    const response = await postUser(t.app, {
      ...body,
      scopes: ['user', 'admin'],
      status: 'active',
      credits: 1000,
      email_verified: true,
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(422);
    const errors = fieldErrors(response);
    for (const field of ['scopes', 'status', 'credits', 'email_verified', 'id']) {
      expect(errors).toContainEqual(expect.objectContaining({ loc: ['body', field], type: 'extra_forbidden' }));
    }
    expect(await t.app.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
  });

  it('writes neither an account nor an audit row nor a mail for any refusal', async () => {
    const before = (await t.app.db.select({ id: auditEvents.id }).from(auditEvents)).length;
    const body = signUpBody({ password: 'password123' });
    await expectRefused(body, ['body', 'password']);
    await expectRefused({ ...signUpBody({ email: body.email }), cpf: '111.111.111-11' }, ['body', 'cpf']);
    expect((await t.app.db.select({ id: auditEvents.id }).from(auditEvents)).length).toBe(before);
    await expect(t.mailbox.next(body.email, /./, 300)).rejects.toThrow(/No mail/);
  });
});
