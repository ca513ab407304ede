import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { registerErrorHandler } from '../http/error-handler';
import { registerAccessControl } from './access';

const t = useTestApp();

/** A bare server with the real access control and sessions, and one admin route. */
async function serverWithAdminRoute() {
  const server = Fastify();
  registerErrorHandler(server);
  registerAccessControl(server, t.app.authenticator);
  server.get('/api/v1/admin/ping', { config: { access: 'admin' } }, () => ({ pong: true }));
  await server.ready();
  return server;
}

describe('access control', () => {
  it('lets administrators into admin routes, answers 403 to other users and 401 without a token', async () => {
    const server = await serverWithAdminRoute();
    const admin = await createLoggedInUser(t.app, { scopes: ['user', 'admin'] });
    const user = await createLoggedInUser(t.app);
    expect((await server.inject({ url: '/api/v1/admin/ping', headers: admin.headers })).statusCode).toBe(200);
    const forbidden = await server.inject({ url: '/api/v1/admin/ping', headers: user.headers });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ detail: 'Acesso restrito a administradores' });
    expect((await server.inject({ url: '/api/v1/admin/ping' })).statusCode).toBe(401);
    await server.close();
  });

  it('refuses to start with a route that declares no access, or an admin route open to users', async () => {
    for (const access of [undefined, 'user' as const]) {
      const server = Fastify();
      registerAccessControl(server, t.app.authenticator);
      expect(() => server.get('/api/v1/admin/users', { config: { access } }, () => 'x')).toThrow(/access/);
      await server.close();
    }
  });

  it('takes effect at once when a user is suspended', async () => {
    const { user, headers } = await createLoggedInUser(t.app);
    const getMe = () => t.app.inject({ url: '/api/v1/user/me/', headers });
    expect((await getMe()).statusCode).toBe(200);
    const { users } = await import('../../db/schema/index');
    const { eq } = await import('drizzle-orm');
    await t.app.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    await t.app.authenticator.invalidate({ userId: user.id });
    expect((await getMe()).statusCode).toBe(401);
  });
});
