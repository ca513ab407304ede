import { SESSION_ENDED_CLOSE_CODE, type TAdminUserListItem, type TEndedSessions } from '@escriba/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRowsOf, errorLocs } from '../../../test/account-requests';
import { adminRequest, createLoggedInAdmin } from '../../../test/admin-test-requests';
import { createLoggedInUser, createTestUser, logIn } from '../../../test/factories';
import { LiveClient } from '../../../test/live-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { users } from '../../db/schema/index';
import { assertAnotherActiveAdmin, lockAdminChanges, lockUser } from './admin-guards';

let t: TestApp;
let live: string;
beforeAll(async () => {
  t = await createTestApp();
  live = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
});
afterAll(() => t.close());

const me = (app: TestApp['app'], headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/v1/user/me/', headers });

const setStatus = (app: TestApp['app'], headers: Record<string, string>, id: string, status: string) =>
  adminRequest(app, headers, 'POST', `/user/${id}/set-status`, { status });

/** Every other active administrator suspended, so that `admin` is the last one. */
async function makeLastAdmin(app: TestApp['app'], adminId: string): Promise<void> {
  await app.db
    .update(users)
    .set({ status: 'suspended' })
    .where(sql`'admin' = any(${users.scopes}) and ${users.id} <> ${adminId}`);
}

describe('POST /api/v1/admin/user/{id}/set-status', () => {
  it('suspends: every session ends, a connected live socket gets a system 401 and closes, log-in is refused', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const user = await createLoggedInUser(t.app);
    const other = await logIn(t.app, user.email, user.password);
    const client = await LiveClient.connect(live, user.session);

    const response = await setStatus(t.app, admin.headers, user.user.id, 'suspended');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TAdminUserListItem>()).toMatchObject({ id: user.user.id, status: 'suspended' });
    expect(await client.next((message) => message.status_code === 401)).toMatchObject({ type: 'system' });
    expect(await client.closed).toBe(SESSION_ENDED_CLOSE_CODE);
    expect((await me(t.app, user.headers)).statusCode).toBe(401);
    expect((await me(t.app, { authorization: `Bearer ${other.access_token}` })).statusCode).toBe(401);
    await expect(logIn(t.app, user.email, user.password)).rejects.toThrow(/423 .*suspensa/);

    const events = await auditRowsOf(t.app, user.user.id);
    expect(events.find((event) => event.action === 'admin.user.status_changed')).toMatchObject({
      action: 'admin.user.status_changed',
      actorUserId: admin.user.id,
      subjectUserId: user.user.id,
      details: { from: 'active', to: 'suspended', sessions_ended: 2 },
    });

    const reactivated = await setStatus(t.app, admin.headers, user.user.id, 'active');
    expect(reactivated.json<TAdminUserListItem>().status).toBe('active');
    await logIn(t.app, user.email, user.password);
  });

  it('refuses a status other than active or suspended, changing nothing', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const user = await createLoggedInUser(t.app);
    for (const status of ['pending_verification', 'banido', '']) {
      const response = await setStatus(t.app, admin.headers, user.user.id, status);
      expect(response.statusCode).toBe(422);
      expect(errorLocs(response)).toEqual([['querystring', 'status']]);
    }
    expect((await me(t.app, user.headers)).statusCode).toBe(200);
  });

  it('leaves an account awaiting e-mail confirmation as it is (409)', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const pending = await createTestUser(t.app, { status: 'pending_verification' });
    const response = await setStatus(t.app, admin.headers, pending.user.id, 'active');
    expect(response.statusCode).toBe(409);
    expect(response.json<{ detail: string }>().detail).toMatch(/confirmou o e-mail/);
  });

  it('refuses to suspend oneself (409)', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const self = await setStatus(t.app, admin.headers, admin.user.id, 'suspended');
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ detail: 'Você não pode suspender a sua própria conta.' });
    expect((await me(t.app, admin.headers)).statusCode).toBe(200);
  });

  // Through the API the caller is itself an active administrator, so the last one can only be
  // targeted by two requests racing (next test); the rule itself is checked here.
  it('never lets the last active administrator go', async () => {
    const last = await createTestUser(t.app, { scopes: ['user', 'admin'] });
    await makeLastAdmin(t.app, last.user.id);
    const refused = t.app.db.transaction(async (tx) => {
      await lockAdminChanges(tx);
      await assertAnotherActiveAdmin(tx, await lockUser(tx, last.user.id));
    });
    await expect(refused).rejects.toThrow(/última conta de administrador ativa/);
  });

  it('keeps one administrator active when the last two suspend each other at once', async () => {
    for (let round = 0; round < 5; round++) {
      const first = await createLoggedInAdmin(t.app);
      const second = await createLoggedInAdmin(t.app);
      await makeLastAdmin(t.app, first.user.id);
      await t.app.db.update(users).set({ status: 'active' }).where(eq(users.id, second.user.id));
      const answers = await Promise.all([
        setStatus(t.app, first.headers, second.user.id, 'suspended'),
        setStatus(t.app, second.headers, first.user.id, 'suspended'),
      ]);
      // The loser is refused (409), or finds its own session already ended (401).
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      const active = await t.app.db
        .select({ id: users.id })
        .from(users)
        .where(sql`'admin' = any(${users.scopes}) and ${users.status} = 'active'`);
      expect(active).toHaveLength(1);
    }
  });
});

describe('DELETE /api/v1/admin/user/{id}/sessions', () => {
  it('ends every session and closes live sockets, leaving the status as it was', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const user = await createLoggedInUser(t.app);
    const client = await LiveClient.connect(live, user.session);
    const response = await adminRequest(t.app, admin.headers, 'DELETE', `/user/${user.user.id}/sessions`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TEndedSessions>()).toEqual({ ended: 1 });
    expect(await client.next((message) => message.status_code === 401)).toMatchObject({ type: 'system' });
    expect(await client.closed).toBe(SESSION_ENDED_CLOSE_CODE);
    expect((await me(t.app, user.headers)).statusCode).toBe(401);
    const again = await logIn(t.app, user.email, user.password);
    expect((await me(t.app, { authorization: `Bearer ${again.access_token}` })).statusCode).toBe(200);
    expect((await auditRowsOf(t.app, user.user.id)).map((row) => row.action)).toContain('admin.user.sessions_ended');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('suspension across instances', () => {
  it('closes a live socket held by another instance with a system 401', { timeout: 60_000 }, async () => {
    const other = await createTestApp((config) => config, t);
    try {
      const otherLive = (await other.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
      const admin = await createLoggedInAdmin(t.app);
      const user = await createLoggedInUser(t.app);
      const client = await LiveClient.connect(otherLive, user.session);
      // The other instance caches the session once it has served a request with it.
      expect((await me(other.app, user.headers)).statusCode).toBe(200);
      expect((await setStatus(t.app, admin.headers, user.user.id, 'suspended')).statusCode).toBe(200);
      expect(await client.next((message) => message.status_code === 401)).toMatchObject({ type: 'system' });
      expect(await client.closed).toBe(SESSION_ENDED_CLOSE_CODE);
      expect((await me(other.app, user.headers)).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});
