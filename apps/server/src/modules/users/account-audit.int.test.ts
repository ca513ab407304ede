import type { TLicense } from '@escriba/contract';
import { eq, gt, max, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditRowsOf,
  forgotPassword,
  postUser,
  resetPassword,
  signUpBody,
  storedUsersWithEmail,
  uniqueIp,
  verifyAccount,
} from '../../../test/account-requests';
import { createLoggedInUser, createTestUser } from '../../../test/factories';
import { Mailbox } from '../../../test/mailbox';
import { useTestApp } from '../../../test/test-app';
import { auditEvents } from '../../db/schema/index';

const t = useTestApp();

const USER_AGENT = 'Mozilla/5.0 (Escriba audit test)';

/** Every secret a test handled must be absent from the audit rows, and no detail may hold one. */
function expectNoSecrets(rows: { details: Record<string, unknown> }[], secrets: string[]) {
  const text = JSON.stringify(rows);
  for (const secret of secrets) expect(text).not.toContain(secret);
  expect(text).not.toContain('$argon2');
  expect(JSON.stringify(rows.map((row) => row.details))).not.toMatch(/password|senha|code|token|hash/i);
}

describe('audit trail of account changes', () => {
  it('records sign-up, verification, reset request and reset with who, IP and user agent, and no secret', async () => {
    const body = signUpBody();
    const signUpIp = uniqueIp();
    expect((await postUser(t.app, body, signUpIp, USER_AGENT)).statusCode).toBe(202);
    const [user] = await storedUsersWithEmail(t.app, body.email);
    const verificationCode = Mailbox.codeIn(await t.mailbox.next(body.email, /Confirme/));
    expect((await verifyAccount(t.app, verificationCode, { password: body.password })).statusCode).toBe(200);
    const resetIp = uniqueIp();
    expect((await forgotPassword(t.app, { email: body.email, cpf: body.cpf }, resetIp)).statusCode).toBe(202);
    const resetCode = Mailbox.codeIn(await t.mailbox.next(body.email, /Redefinição/));
    const newPassword = 'segredo novo do consultório';
    expect((await resetPassword(t.app, { code: resetCode, new_password: newPassword }, resetIp)).statusCode).toBe(200);

    const rows = await auditRowsOf(t.app, user!.id);
    expect(rows.map((row) => row.action).reverse()).toEqual([
      'user.signed_up',
      'user.verified',
      'user.password_reset_requested',
      'user.password_reset',
    ]);
    const byAction = Object.fromEntries(rows.map((row) => [row.action, row]));
    expect(byAction['user.signed_up']).toMatchObject({
      actorUserId: user!.id,
      subjectUserId: user!.id,
      ip: signUpIp,
      userAgent: USER_AGENT,
    });
    expect(byAction['user.password_reset_requested']).toMatchObject({ subjectUserId: user!.id, ip: resetIp });
    expect(byAction['user.password_reset']).toMatchObject({
      actorUserId: user!.id,
      ip: resetIp,
      details: { sessions_ended: 0 },
    });
    for (const row of rows) expect(row.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    expectNoSecrets(rows, [body.password, newPassword, verificationCode, resetCode, body.cpf]);
  });

  it('records profile, preference, license and specialization changes by the signed-in user', async () => {
    const { user, headers, session } = await createLoggedInUser(t.app);
    const ip = uniqueIp();
    const send = (method: 'PATCH' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { ...headers, 'user-agent': USER_AGENT },
        remoteAddress: ip,
        ...(payload ? { payload } : {}),
      });
    expect(
      (await send('PATCH', '/user/me/', { name: 'Dra. Helena P. Lima', birth_date: '1980-01-02' })).statusCode,
    ).toBe(200);
    expect((await send('PATCH', '/user/me/me/preferences/', { theme: 'dark' })).statusCode).toBe(200);
    const license = (
      await send('POST', '/user/me/license/', { license_type_id: 1, number: '4242', state: 'SP' })
    ).json<TLicense>();
    const second = (
      await send('POST', '/user/me/license/', { license_type_id: 1, number: '4243', state: 'RJ' })
    ).json<TLicense>();
    expect((await send('PATCH', `/user/me/license/${second.id}/primary`)).statusCode).toBe(200);
    expect(
      (await send('PUT', `/user/me/license/${license.id}`, { license_type_id: 1, number: '4244', state: 'SP' }))
        .statusCode,
    ).toBe(200);
    expect((await send('DELETE', `/user/me/license/${license.id}`)).statusCode).toBe(204);
    expect((await send('POST', '/user/me/specialization/?specialization=5')).statusCode).toBe(201);
    expect((await send('DELETE', '/user/me/specialization/5')).statusCode).toBe(204);

    const rows = (await auditRowsOf(t.app, user.id)).filter((row) => row.ip === ip).reverse();
    expect(rows.map((row) => row.action)).toEqual([
      'user.updated',
      'user.preferences_updated',
      'license.created',
      'license.created',
      'license.made_primary',
      'license.updated',
      'license.deleted',
      'specialization.added',
      'specialization.removed',
    ]);
    for (const row of rows)
      expect(row).toMatchObject({ actorUserId: user.id, subjectUserId: user.id, userAgent: USER_AGENT });
    expect(rows[0]!.details).toEqual({ fields: ['name', 'birth_date'] });
    expect(rows[1]!.details).toEqual({ fields: ['theme'] });
    expect(rows[2]!.details).toEqual({ license_id: license.id });
    expect(rows[7]!.details).toEqual({ specialization_id: 5 });
    // What the user typed stays out of the trail: only the names of the fields that changed.
    expect(JSON.stringify(rows)).not.toContain('Helena P. Lima');
    expectNoSecrets(rows, [session.access_token, session.stream_token]);
  });

  it('writes no row for a refused change', async () => {
    const { user, headers } = await createLoggedInUser(t.app);
    const before = await auditRowsOf(t.app, user.id);
    const refused = [
      await t.app.inject({ method: 'PATCH', url: '/api/v1/user/me/', headers, payload: { scopes: ['admin'] } }),
      await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/user/me/me/preferences/',
        headers,
        payload: { default_specialization_id: 99_999 },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/me/license/',
        headers,
        payload: { license_type_id: 999, number: '1', state: 'SP' },
      }),
      await t.app.inject({ method: 'POST', url: '/api/v1/user/me/specialization/?specialization=99999', headers }),
    ];
    for (const response of refused) expect(response.statusCode).toBe(422);
    expect(await auditRowsOf(t.app, user.id)).toEqual(before);
  });

  it('records a reset request only for a matching account, and never the e-mail or CPF asked about', async () => {
    const account = await createTestUser(t.app);
    const stranger = signUpBody();
    const [last] = await t.app.db.select({ lastId: max(auditEvents.id) }).from(auditEvents);
    expect((await forgotPassword(t.app, { email: stranger.email, cpf: stranger.cpf })).statusCode).toBe(202);
    expect((await forgotPassword(t.app, { email: account.email, cpf: account.user.cpf! })).statusCode).toBe(202);
    await t.mailbox.next(account.email, /Redefinição/);
    const added = await t.app.db
      .select()
      .from(auditEvents)
      .where(gt(auditEvents.id, last?.lastId ?? 0));
    expect(added.map((row) => row.action)).toEqual(['user.password_reset_requested']);
    expect(JSON.stringify(added)).not.toContain(stranger.email);
    expect(JSON.stringify(added)).not.toContain(account.user.cpf!);
  });
});

describe('the audit table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    const { user } = await createLoggedInUser(t.app);
    const [row] = await auditRowsOf(t.app, user.id);
    expect(row).toBeDefined();
    const attempts = [
      t.app.db.update(auditEvents).set({ action: 'forjado' }).where(eq(auditEvents.id, row!.id)),
      t.app.db.update(auditEvents).set({ ip: null }),
      t.app.db.delete(auditEvents).where(eq(auditEvents.id, row!.id)),
      t.app.db.delete(auditEvents),
      t.app.db.execute(sql`truncate audit_events`),
    ];
    for (const attempt of attempts) await expect(attempt).rejects.toThrow();
    const [unchanged] = await t.app.db.select().from(auditEvents).where(eq(auditEvents.id, row!.id));
    expect(unchanged).toEqual(row);
  });

  it('names the rule when it refuses', async () => {
    const attempt = t.app.db.execute(sql`delete from audit_events`);
    await expect(attempt).rejects.toSatisfy((error: unknown) =>
      JSON.stringify(errorChain(error)).includes('append-only'),
    );
  });
});

function errorChain(error: unknown): string[] {
  const messages: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) messages.push(current.message);
  return messages;
}
