import type { TLiveMessage } from '@escriba/contract';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConsultation } from '../test/clinical-factories';
import { createLoggedInUser } from '../test/factories';
import { LiveClient } from '../test/live-client';
import { findNginx, NginxProxy } from '../test/nginx-proxy';
import { speechWav } from '../test/speech';
import { createTestApp, type TestApp } from '../test/test-app';
import { confirmConsent, consultationUrl, multipartChunk } from '../test/transcription-requests';
import { waitUntil } from '../test/wait-until';
import { WhisperFixture } from '../test/whisper-fixture';
import { withWhisperAt } from '../test/whisper-test-app';

// Two instances on one PostgreSQL and Redis behind deploy/nginx/escriba.conf, as docs/DEPLOY.md sets a clinic up.
const nginx = findNginx();
const hasSharedServers = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
if (!nginx) console.info('reverse-proxy.int.test.ts skipped: nginx is not installed (apt-get install nginx)');
else if (!hasSharedServers) console.info('reverse-proxy.int.test.ts skipped: two instances need PostgreSQL and Redis');

/** What each instance received: the request (or socket upgrade) line and the headers the proxy set. */
interface Received {
  instance: 'a' | 'b';
  url: string;
  headers: IncomingMessage['headers'];
}

let fixture: WhisperFixture;
let a: TestApp;
let b: TestApp;
let proxy: NginxProxy;
const received: Received[] = [];
beforeAll(async () => {
  if (!nginx || !hasSharedServers) return;
  fixture = await WhisperFixture.start();
  const deployed = (config: TestApp['config']) => withWhisperAt({ ...config, trustProxy: true }, fixture.baseUrl);
  a = await createTestApp(deployed);
  b = await createTestApp(deployed, a);
  const instances: string[] = [];
  for (const [name, instance] of [
    ['a', a],
    ['b', b],
  ] as const) {
    const address = new URL(await instance.app.listen({ host: '127.0.0.1', port: 0 }));
    instances.push(address.host);
    const record = (request: IncomingMessage) =>
      received.push({ instance: name, url: request.url ?? '', headers: request.headers });
    instance.app.server.on('request', record);
    instance.app.server.on('upgrade', record);
  }
  proxy = await NginxProxy.start(nginx, instances);
}, 60_000);
afterAll(async () => {
  await proxy?.stop();
  await b?.close();
  await a?.close();
  await fixture?.close();
});

describe.runIf(nginx && hasSharedServers)('two instances behind the documented nginx configuration', () => {
  it('sends the transcript of a chunk posted through one instance to a socket held by the other, over TLS', async () => {
    const user = await createLoggedInUser(a.app);
    const { id } = await createTestConsultation(a.app, user.headers);
    await confirmConsent(a.app, user.headers, id);

    const client = new LiveClient(proxy.httpsBase.replace('https', 'wss'), user.session, { ca: proxy.ca });
    await client.connected();
    const socketOn = received.find((each) => each.url.startsWith('/v1/ws/'))!.instance;

    // The proxy takes turns between the instances: of two chunks in a row, one reaches the other instance.
    const speech = await speechWav('Tenho tosse seca há uma semana.');
    for (const seq of [0, 1]) {
      const chunk = multipartChunk(speech);
      const answer = await proxy.request(consultationUrl(id, `/evidences/transcript?seq=${seq}`), {
        method: 'POST',
        // A client's own X-Forwarded-For never reaches the instance (it trusts the header).
        headers: { ...user.headers, ...chunk.headers, 'x-forwarded-for': '203.0.113.9' },
        body: chunk.payload,
      });
      expect(answer.status, answer.body).toBe(202);
    }
    const posts = received.filter((each) => each.url.includes('/evidences/transcript?seq='));
    expect(posts).toHaveLength(2);
    const crossing = posts.find((each) => each.instance !== socketOn);
    expect(crossing, `both chunks reached instance ${socketOn}`).toBeDefined();
    for (const post of posts) {
      expect(post.headers).toMatchObject({ 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'https' });
      expect(post.headers.host).toBe('localhost');
    }

    const seqOfCrossing = Number(new URL(crossing!.url, 'http://instance').searchParams.get('seq'));
    expect(
      await client.next(
        (message: TLiveMessage) => message.type === 'transcript' && message.seq === seqOfCrossing,
        30_000,
      ),
    ).toMatchObject({ type: 'transcript', consultation_id: id, text: `trecho ${seqOfCrossing}` });
    client.close();
  }, 60_000);

  it('logs each request without its query string, and the live channel without its stream token', async () => {
    const user = await createLoggedInUser(a.app);
    const client = new LiveClient(proxy.httpsBase.replace('https', 'wss'), user.session, { ca: proxy.ca });
    await client.connected();
    client.close();
    const search = await proxy.request('/api/v1/user/patients?q=Maria%20Souza%20123.456.789-09', {
      headers: user.headers,
    });
    expect(search.status, search.body).toBe(200);

    // A socket is logged once it has closed.
    const socketPath = `/v1/ws/user/${user.user.id}/token/`;
    const log = await waitUntil(async () => {
      const text = await proxy.accessLog();
      return text.includes(socketPath) && text.includes('/api/v1/user/patients') ? text : undefined;
    }, 'both requests in the access log');
    expect(log).toContain(`GET ${socketPath}[redacted] HTTP/1.1" 101`);
    expect(log).toContain('GET /api/v1/user/patients HTTP/1.1" 200');
    expect(log).not.toContain(user.session.stream_token);
    expect(log).not.toMatch(/Maria|123\.456|q=/);
  });

  it('sends plain HTTP to HTTPS', async () => {
    const answer = await fetch(`http://127.0.0.1:${proxy.httpPort}/api/v1/user/me/`, { redirect: 'manual' });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe('https://127.0.0.1/api/v1/user/me/');
  });
});
