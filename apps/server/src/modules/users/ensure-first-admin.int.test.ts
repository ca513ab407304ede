import type { TUser } from '@escriba/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRowsOf, postToken } from '../../../test/account-requests';
import { createTestUser, logIn, TEST_PASSWORD, uniqueEmail } from '../../../test/factories';
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

  it.each([
    ['verified, keeping its password', 'active', true],
    // A sign-up never verified may be an attacker's claim on the e-mail: its password gives way.
    ['pending, with ADMIN_PASSWORD instead of its sign-up password', 'pending_verification', false],
  ] as const)(
    'is not created without ADMIN_EMAIL; later, the account already using ADMIN_EMAIL is promoted: %s',
    async (_case, status, keepsPassword) => {
      const adminPassword = 'senha do operador';
      const [goodPassword, badPassword] = keepsPassword
        ? [TEST_PASSWORD, adminPassword]
        : [adminPassword, TEST_PASSWORD];
      const database = await openTestDatabase();
      try {
        const plain = await restart(database, undefined);
        const existing = await createTestUser(plain, { status });
        expect(await administrators(plain)).toEqual([]);
        await plain.close();

        const promoted = await restart(database, { email: existing.email.toUpperCase(), password: adminPassword });
        try {
          const admins = await administrators(promoted);
          expect(admins.map((admin) => admin.id)).toEqual([existing.user.id]);
          expect(admins[0]).toMatchObject({ status: 'active', scopes: ['user', 'admin'], cpf: existing.user.cpf });
          expect(admins[0]!.emailVerifiedAt).not.toBeNull();
          expect((await postToken(promoted, existing.email, goodPassword)).statusCode).toBe(200);
          expect((await postToken(promoted, existing.email, badPassword)).statusCode).toBe(401);
          expect(await promoted.db.select().from(users)).toHaveLength(1);
        } finally {
          await promoted.close();
        }
      } finally {
        await database.close();
      }
    },
  );
});
