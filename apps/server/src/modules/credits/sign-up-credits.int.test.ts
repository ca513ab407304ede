import type { TUser } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postUser, signUpBody, storedUsersWithEmail, verifyAccount } from '../../../test/account-requests';
import { createTestUser, logIn, uniqueEmail } from '../../../test/factories';
import { Mailbox } from '../../../test/mailbox';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { openTestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import { creditMovements, users } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { SIGN_UP_CREDITS_REASON } from './sign-up-credits';

const ADMIN_EMAIL = uniqueEmail('admin');
const ADMIN_PASSWORD = 'Senha do administrador, única';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp((config) => ({ ...config, admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } }));
});
afterAll(() => t.close());

async function creditsOf(app: App, userId: string) {
  const [user] = await app.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  const movements = await app.db
    .select({ kind: creditMovements.kind, amount: creditMovements.amount, reason: creditMovements.reason })
    .from(creditMovements)
    .where(eq(creditMovements.userId, userId));
  return { balance: user!.credits, movements };
}

const SIGN_UP_GRANT = { kind: 'grant', amount: 10, reason: SIGN_UP_CREDITS_REASON };

async function signUp(email = uniqueEmail('cadastro')) {
  const body = signUpBody({ email });
  expect((await postUser(t.app, body)).statusCode).toBe(202);
  const code = Mailbox.codeIn(await t.mailbox.next(email, /Confirme seu e-mail/));
  return { body, code };
}

describe('sign-up credits', () => {
  it('are granted once, as a ledger line, when the e-mail is verified', async () => {
    expect(t.config.credits).toEqual({ signUp: 10, generationCost: 1, documentCost: 1 });
    const { body, code } = await signUp();
    const [pending] = await storedUsersWithEmail(t.app, body.email);
    expect(await creditsOf(t.app, pending!.id)).toEqual({ balance: 0, movements: [] });

    expect((await verifyAccount(t.app, code, { password: body.password })).statusCode).toBe(200);
    expect(await creditsOf(t.app, pending!.id)).toEqual({ balance: 10, movements: [SIGN_UP_GRANT] });
    await verifyAccount(t.app, code, { password: body.password });
    expect(await creditsOf(t.app, pending!.id)).toEqual({ balance: 10, movements: [SIGN_UP_GRANT] });

    const session = await logIn(t.app, body.email, body.password);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/me/',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(me.json<TUser>().credits).toBe(10);
  });

  it('go to the sign-up that is verified, not to the pending ones it replaced', async () => {
    const email = uniqueEmail('repetido');
    await signUp(email);
    const { code } = await signUp(email);
    expect((await verifyAccount(t.app, code, { new_password: 'outra senha bem longa' })).statusCode).toBe(200);
    const accounts = await storedUsersWithEmail(t.app, email);
    expect(accounts).toHaveLength(1);
    expect(await creditsOf(t.app, accounts[0]!.id)).toEqual({ balance: 10, movements: [SIGN_UP_GRANT] });
  });

  it('are granted to the first administrator made at start-up, once across restarts', async () => {
    const [admin] = await storedUsersWithEmail(t.app, ADMIN_EMAIL.toLowerCase());
    expect(await creditsOf(t.app, admin!.id)).toEqual({ balance: 10, movements: [SIGN_UP_GRANT] });
    const restarted = await buildApp(t.config, { database: t.database, mailer: t.mailbox });
    await restarted.close();
    expect(await creditsOf(t.app, admin!.id)).toEqual({ balance: 10, movements: [SIGN_UP_GRANT] });
  });

  it('are not granted again to a verified account promoted to first administrator', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ ...t.config, admin: undefined }, { database, mailer: t.mailbox });
    try {
      const { user, email } = await createTestUser(app);
      const promoted = await buildApp(
        { ...t.config, admin: { email, password: ADMIN_PASSWORD } },
        { database, mailer: t.mailbox },
      );
      await promoted.close();
      const [admin] = await app.db.select().from(users).where(eq(users.id, user.id));
      expect(admin!.scopes).toContain('admin');
      expect(await creditsOf(app, user.id)).toEqual({ balance: 0, movements: [] });
    } finally {
      await app.close();
      await database.close();
    }
  }, 90_000);
});
