import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditRowsOf,
  fieldErrors,
  forgotPassword,
  postToken,
  postUser,
  resendVerification,
  signUpBody,
  SIGN_UP_ANSWER,
  storedUsersWithEmail,
  verifyAccount,
} from '../../../test/account-requests';
import { createTestUser, TEST_PASSWORD, uniqueEmail } from '../../../test/factories';
import { Mailbox } from '../../../test/mailbox';
import { useTestApp } from '../../../test/test-app';
import { users } from '../../db/schema/index';

// Issue 8, A1 to A3: an unverified sign-up is no claim on an e-mail or CPF, verifying never
// activates a password the mailbox owner did not choose, and sign-up tells no one what is taken.

const t = useTestApp();

const VERIFICATION = /Confirme seu e-mail/;
const ATTEMPT = /Tentativa de cadastro/;
const ATTACKER_PASSWORD = 'senha do invasor 123';
const VICTIM_PASSWORD = 'senha que ela escolheu';

async function signUp(body: ReturnType<typeof signUpBody>) {
  const response = await postUser(t.app, body);
  expect(response.statusCode, response.body).toBe(202);
  expect(response.json()).toEqual(SIGN_UP_ANSWER);
}

async function nextCode(email: string): Promise<string> {
  return Mailbox.codeIn(await t.mailbox.next(email, VERIFICATION));
}

async function expectNoMail(email: string, subject = /./) {
  await expect(t.mailbox.next(email, subject, 300)).rejects.toThrow(/No mail/);
}

/** Verifying needs a password: without one a 422 on `password`, and the code still works with a new one. */
async function verifyChoosingPassword(code: string, password: string) {
  const bare = await verifyAccount(t.app, code);
  expect(bare.statusCode).toBe(422);
  expect(fieldErrors(bare)).toEqual([
    expect.objectContaining({ loc: ['body', 'password'], type: 'password_required' }),
  ]);
  const chosen = await verifyAccount(t.app, code, { new_password: password });
  expect(chosen.statusCode, chosen.body).toBe(200);
}

describe('account pre-hijacking (A1)', () => {
  it("issue 17: the victim follows the link of the attacker's only sign-up: the code alone or a wrong password activates nothing, and her new password voids his", async () => {
    const email = uniqueEmail('vitima');
    const attacker = signUpBody({ email, password: ATTACKER_PASSWORD });
    await signUp(attacker);
    const code = await nextCode(email);

    const bare = await verifyAccount(t.app, code);
    expect(bare.statusCode).toBe(422);
    expect(fieldErrors(bare)).toEqual([
      expect.objectContaining({ loc: ['body', 'password'], type: 'password_required' }),
    ]);
    const guessed = await verifyAccount(t.app, code, { password: VICTIM_PASSWORD });
    expect(guessed.statusCode).toBe(422);
    expect(fieldErrors(guessed)).toEqual([
      expect.objectContaining({ loc: ['body', 'password'], type: 'wrong_password' }),
    ]);
    const [pending] = await storedUsersWithEmail(t.app, email);
    expect(pending).toMatchObject({ status: 'pending_verification', emailVerifiedAt: null });
    expect((await postToken(t.app, email, ATTACKER_PASSWORD)).statusCode).toBe(403);

    expect((await verifyAccount(t.app, code, { new_password: VICTIM_PASSWORD })).statusCode).toBe(200);
    expect((await postToken(t.app, email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await postToken(t.app, email, VICTIM_PASSWORD)).statusCode).toBe(200);
  });

  it("the issue's sequence: the victim signs up over the attacker's sign-up, resends, verifies; the attacker's password does not log in", async () => {
    const email = uniqueEmail('vitima');
    await signUp(signUpBody({ email, password: ATTACKER_PASSWORD }));
    const attackerCode = await nextCode(email);

    const victim = signUpBody({ email, password: VICTIM_PASSWORD });
    await signUp(victim);
    expect((await resendVerification(t.app, email)).statusCode).toBe(202);
    await nextCode(email);
    const code = await nextCode(email);

    expect((await verifyAccount(t.app, attackerCode)).statusCode).toBe(422);
    await verifyChoosingPassword(code, 'senha nova da vítima');

    expect((await postToken(t.app, email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await postToken(t.app, email, 'senha nova da vítima')).statusCode).toBe(200);
    // The CPF is hers, so her password reset works.
    expect((await forgotPassword(t.app, { email, cpf: victim.cpf })).statusCode).toBe(202);
    await t.mailbox.next(email, /Redefinição de senha/);
  });

  it("a victim who never signed up asks for a new link to the attacker's sign-up: she chooses the password", async () => {
    const email = uniqueEmail('vitima');
    await signUp(signUpBody({ email, password: ATTACKER_PASSWORD }));
    await nextCode(email);
    expect((await resendVerification(t.app, email)).statusCode).toBe(202);
    await verifyChoosingPassword(await nextCode(email), VICTIM_PASSWORD);
    expect((await postToken(t.app, email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await postToken(t.app, email, VICTIM_PASSWORD)).statusCode).toBe(200);
  });

  it('an attacker who signs up after the victim does not get his password activated by her click', async () => {
    const email = uniqueEmail('vitima');
    await signUp(signUpBody({ email, password: VICTIM_PASSWORD }));
    const firstCode = await nextCode(email);
    await signUp(signUpBody({ email, password: ATTACKER_PASSWORD }));
    const latestCode = await nextCode(email);

    expect((await verifyAccount(t.app, firstCode)).statusCode).toBe(422);
    await verifyChoosingPassword(latestCode, VICTIM_PASSWORD);
    expect((await postToken(t.app, email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await postToken(t.app, email, VICTIM_PASSWORD)).statusCode).toBe(200);
    expect(await storedUsersWithEmail(t.app, email)).toHaveLength(1);
  });

  it('records the replaced sign-up in the audit trail', async () => {
    const email = uniqueEmail('vitima');
    await signUp(signUpBody({ email }));
    const [first] = await storedUsersWithEmail(t.app, email);
    await signUp(signUpBody({ email }));
    const [second] = await storedUsersWithEmail(t.app, email);
    expect(second!.id).not.toBe(first!.id);
    const [replaced] = await auditRowsOf(t.app, first!.id);
    expect(replaced).toMatchObject({ action: 'user.sign_up_replaced', details: { replaced_by: second!.id } });
  });
});

describe('CPF squatting (A2)', () => {
  it('a sign-up never verified does not hold its CPF: the real professional signs up and logs in with her password', async () => {
    const cpf = signUpBody().cpf;
    const squatter = signUpBody({ cpf, password: ATTACKER_PASSWORD });
    await signUp(squatter);
    const squatterCode = await nextCode(squatter.email);

    const owner = signUpBody({ cpf, password: VICTIM_PASSWORD });
    await signUp(owner);
    // She types again the password she chose at sign-up.
    expect((await verifyAccount(t.app, await nextCode(owner.email), { password: VICTIM_PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await postToken(t.app, owner.email, VICTIM_PASSWORD)).statusCode).toBe(200);

    expect((await verifyAccount(t.app, squatterCode)).statusCode).toBe(422);
    expect(await storedUsersWithEmail(t.app, squatter.email)).toHaveLength(0);
  });

  it(`a sign-up expires after UNVERIFIED_ACCOUNT_HOURS: its link stops working, it gets no new one, and the next sign-up removes it`, async () => {
    const stale = signUpBody();
    await signUp(stale);
    const code = await nextCode(stale.email);
    const [row] = await storedUsersWithEmail(t.app, stale.email);
    const expiredAt = new Date(Date.now() - t.config.unverifiedAccountMs - 1000);
    await t.app.db.update(users).set({ createdAt: expiredAt }).where(eq(users.id, row!.id));

    const refused = await verifyAccount(t.app, code);
    expect(refused.statusCode).toBe(422);
    const [problem] = fieldErrors(refused);
    expect(problem!.loc).toEqual(['body', 'code']);
    expect(problem!.msg).toMatch(/expirou/);
    expect((await resendVerification(t.app, stale.email)).statusCode).toBe(202);
    await expectNoMail(stale.email);

    await signUp(signUpBody());
    expect(await storedUsersWithEmail(t.app, stale.email)).toHaveLength(0);
    expect((await auditRowsOf(t.app, row!.id))[0]).toMatchObject({ action: 'user.sign_up_expired' });
  });
});

describe('sign-up enumeration (A3)', () => {
  it('answers a registered e-mail or CPF as any other sign-up, changes nothing, and tells the holder by mail', async () => {
    const holder = await createTestUser(t.app);
    const fresh = signUpBody();
    const answers = [
      await postUser(t.app, fresh),
      await postUser(t.app, signUpBody({ email: holder.email.toUpperCase(), password: ATTACKER_PASSWORD })),
      await postUser(t.app, signUpBody({ cpf: holder.user.cpf!, password: ATTACKER_PASSWORD })),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.body).toBe(answers[0]!.body);
    }
    await nextCode(fresh.email);

    for (let index = 0; index < 2; index += 1) {
      const notice = await t.mailbox.next(holder.email, ATTEMPT);
      expect(notice.text).toContain(`${t.config.publicUrl}/log-in`);
      expect(notice.text).toContain(`${t.config.publicUrl}/forgot-password`);
    }
    await expectNoMail(holder.email, VERIFICATION);
    expect((await postToken(t.app, holder.email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await postToken(t.app, holder.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await auditRowsOf(t.app, holder.user.id)).map((row) => row.action)).toContain('user.sign_up_refused');
  });

  it('documents the single answer in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(Object.keys(document.paths['/api/v1/user/']!.post!.responses).sort()).toEqual(['202', '422', '429']);
  });
});
