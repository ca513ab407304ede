import { SESSION_ENDED_CLOSE_CODE } from '@escriba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser, logIn } from '../../../test/factories';
import { LiveClient } from '../../../test/live-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { MAX_CONNECTIONS_PER_SESSION, publishToUser, REPLACED_CLOSE_CODE } from './live-hub';

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  origin = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
});
afterAll(() => t.close());

const logout = (app: TestApp['app'], token: string) =>
  app.inject({ method: 'POST', url: '/api/v1/token/logout', headers: { authorization: `Bearer ${token}` } });

describe('live channel /v1/ws/user/{userId}/token/{streamToken}', () => {
  it('connects with a valid stream token and delivers messages published to the user', async () => {
    const { session } = await createLoggedInUser(t.app);
    const client = new LiveClient(origin, session);
    await client.connected();
    await publishToUser(t.app.pubsub, session.user.id, { type: 'transcript', text: 'Bom dia, doutora.' });
    expect(await client.next((message) => message.type === 'transcript')).toEqual({
      type: 'transcript',
      text: 'Bom dia, doutora.',
    });
    client.close();
  });

  it('answers a 401 system message and closes for a wrong token or a token of another user', async () => {
    const first = await createLoggedInUser(t.app);
    const second = await createLoggedInUser(t.app);
    for (const session of [
      { user: first.session.user, stream_token: 'token-errado' },
      { user: first.session.user, stream_token: second.session.stream_token },
      { user: { ...first.session.user, id: 'nao-e-um-uuid' }, stream_token: first.session.stream_token },
    ]) {
      const client = new LiveClient(origin, session);
      expect(await client.next((message) => message.type === 'system')).toMatchObject({
        type: 'system',
        status_code: 401,
      });
      expect(await client.closed).toBe(SESSION_ENDED_CLOSE_CODE);
    }
  });

  it('ends the connection with a 401 system message when the session is logged out elsewhere', async () => {
    const { session } = await createLoggedInUser(t.app);
    const client = new LiveClient(origin, session);
    await client.connected();
    await logout(t.app, session.access_token);
    expect(await client.next((message) => message.status_code === 401)).toMatchObject({
      type: 'system',
      status_code: 401,
    });
    expect(await client.closed).toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it('keeps the other sessions of the same user connected', async () => {
    const { session, email, password } = await createLoggedInUser(t.app);
    const other = await logIn(t.app, email, password);
    const ending = new LiveClient(origin, session);
    const staying = new LiveClient(origin, other);
    await Promise.all([ending.connected(), staying.connected()]);
    await logout(t.app, session.access_token);
    await ending.closed;
    await publishToUser(t.app.pubsub, other.user.id, { type: 'end' });
    await staying.next((message) => message.type === 'end');
    expect(staying.messages.some((message) => message.status_code === 401)).toBe(false);
    staying.close();
  });
});

describe('live connections per session', () => {
  it('keeps at most 10 per session, closing the oldest with a system message saying why', async () => {
    const { session, email, password } = await createLoggedInUser(t.app);
    const clients: LiveClient[] = [];
    for (let index = 0; index < MAX_CONNECTIONS_PER_SESSION; index++) {
      clients.push(new LiveClient(origin, session));
      await clients[index]!.connected();
    }
    const otherSession = new LiveClient(origin, await logIn(t.app, email, password));
    await otherSession.connected();

    const newest = new LiveClient(origin, session);
    await newest.connected();
    const [oldest, ...kept] = clients;
    const replaced = await oldest!.next((message) => message.status_code === 409);
    expect(replaced.type).toBe('system');
    expect(replaced.detail).toMatch(/conexões ao vivo demais/);
    expect(await oldest!.closed).toBe(REPLACED_CLOSE_CODE);

    await publishToUser(t.app.pubsub, session.user.id, { type: 'end' });
    for (const client of [...kept, newest, otherSession]) {
      await client.next((message) => message.type === 'end');
      expect(client.messages.some((message) => message.status_code === 409)).toBe(false);
      client.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('live channel across instances', () => {
  it('ends a connection held by one instance when the session is logged out on another', async () => {
    const other = await createTestApp((config) => config, t);
    try {
      const otherOrigin = (await other.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
      const { session } = await createLoggedInUser(t.app);
      const client = new LiveClient(otherOrigin, session);
      await client.connected();
      await publishToUser(t.app.pubsub, session.user.id, { type: 'evidence', id: 'laudo-1' });
      await client.next((message) => message.type === 'evidence');
      await logout(t.app, session.access_token);
      expect(await client.next((message) => message.status_code === 401)).toMatchObject({ type: 'system' });
      expect(await client.closed).toBe(SESSION_ENDED_CLOSE_CODE);
    } finally {
      await other.close();
    }
  });
});
