import type { TUser } from '@escriba/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRowsOf, postToken } from '../../../test/account-requests';
import { createTestUser, logIn, TEST_PASSWORD, uniqueEmail, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { openTestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema/index';
import type { App } from '../../platform/services';

const ADMIN_EMAIL = uniqueEmail('Admin');
const ADMIN_PASSWORD = 'Senha do administrador, única';

// The file's app starts with ADMIN_EMAIL and ADMIN_PASSWORD set on an empty database.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp((config) => ({
    ...config,
    admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD.normalize('NFD') },
  }));
});
afterAll(() => t.close());

/** Starts the app again on `database`, as a restart with other settings would. */
async function restart(database: DatabaseHandle, admin: Config['admin']): Promise<App> {
  const app = await buildApp({ ...t.config, admin }, { database, mailer: t.mailbox });
  await app.ready();
  return app;
}

function administrators(app: App) {
  return app.db
    .select()
    .from(users)
    .where(sql`'admin' = any(${users.scopes})`);
}

describe('first administrator', () => {
  it('is created at start-up, active and verified, and logs in with ADMIN_PASSWORD', async () => {
    const admins = await administrators(t.app);
    expect(admins).toHaveLength(1);
    const [admin] = admins;
    expect(admin).toMatchObject({
      email: ADMIN_EMAIL.toLowerCase(),
      status: 'active',
      scopes: ['user', 'admin'],
      cpf: null,
    });
    expect(admin!.emailVerifiedAt).not.toBeNull();
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);

    // Typed with composed or decomposed accents, the password is the same.
    const session = await logIn(t.app, ADMIN_EMAIL, ADMIN_PASSWORD.normalize('NFC'));
    expect(session.user.scopes).toEqual(['user', 'admin']);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/me/',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(me.json<TUser>()).toMatchObject({ email: ADMIN_EMAIL.toLowerCase(), scopes: ['user', 'admin'], cpf: null });

    const [created] = (await auditRowsOf(t.app, admin!.id)).filter((row) => row.action === 'user.created_by_system');
    expect(created).toMatchObject({ actorUserId: null, details: { scopes: ['user', 'admin'] } });
    expect(JSON.stringify(created)).not.toContain(ADMIN_PASSWORD);
  });

  it('is not created again, nor another one, when the app restarts', async () => {
    const otherEmail = uniqueEmail('outro-admin');
    const [before] = await administrators(t.app);
    for (const admin of [
      { email: ADMIN_EMAIL, password: 'outra senha qualquer' },
      { email: otherEmail, password: 'outra senha qualquer' },
    ]) {
      const restarted = await restart(t.database, admin);
      await restarted.close();
    }
    expect(await administrators(t.app)).toEqual([before]);
    expect(await t.app.db.select().from(users).where(eq(users.email, otherEmail))).toEqual([]);
    // The password set the first time still works; the one in the new settings does not.
    expect((await postToken(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(200);
    expect((await postToken(t.app, ADMIN_EMAIL, 'outra senha qualquer')).statusCode).toBe(401);
  });

  it('is not created without ADMIN_EMAIL; later, the account using ADMIN_EMAIL is promoted, keeping its password only if verified', async () => {
    const database = await openTestDatabase();
    try {
      const plain = await restart(database, undefined);
      const verified = await createTestUser(plain);
      const pending = await createTestUser(plain, { status: 'pending_verification' });
      expect(await administrators(plain)).toEqual([]);
      await plain.close();

      // A sign-up never verified may be an attacker's claim on the e-mail: its password gives way to ADMIN_PASSWORD.
      await expectPromoted(database, pending, 'senha do operador', TEST_PASSWORD);
      // As if that administrator were gone: the next start promotes the verified account, whose password stays.
      await database.db
        .update(users)
        .set({ scopes: ['user'] })
        .where(eq(users.id, pending.user.id));
      await expectPromoted(database, verified, TEST_PASSWORD, 'senha do operador');
    } finally {
      await database.close();
    }
  });
});

/** Starts the app with ADMIN_EMAIL set to `account`'s e-mail and checks it became the administrator. */
async function expectPromoted(database: DatabaseHandle, account: TestUser, goodPassword: string, badPassword: string) {
  const app = await restart(database, { email: account.email.toUpperCase(), password: 'senha do operador' });
  try {
    const admins = await administrators(app);
    expect(admins.map((admin) => admin.id)).toEqual([account.user.id]);
    expect(admins[0]).toMatchObject({ status: 'active', scopes: ['user', 'admin'], cpf: account.user.cpf });
    expect(admins[0]!.emailVerifiedAt).not.toBeNull();
    expect((await postToken(app, account.email, goodPassword)).statusCode).toBe(200);
    expect((await postToken(app, account.email, badPassword)).statusCode).toBe(401);
    expect(await app.db.select().from(users)).toHaveLength(2);
  } finally {
    await app.close();
  }
}
