import type { TLiveMessage } from '@escriba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { LiveClient } from '../../../test/live-client';
import { speechWav } from '../../../test/speech';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { confirmConsent, consultationUrl, postChunk } from '../../../test/transcription-requests';
import { seqOf, WhisperFixture } from '../../../test/whisper-fixture';
import { withWhisperAt } from '../../../test/whisper-test-app';

// Instance A takes the uploads; the professional's socket is on instance B. With Redis the two
// share the queue and pub/sub as behind a load balancer; without it there is one instance.
let fixture: WhisperFixture;
let a: TestApp;
let b: TestApp;
let socketBase: string;
let speech: Buffer;
beforeAll(async () => {
  fixture = await WhisperFixture.start();
  speech = await speechWav('Sinto falta de ar quando subo escadas.');
  const withFixture = (config: TestApp['config']) => withWhisperAt(config, fixture.baseUrl);
  a = await createTestApp(withFixture);
  b = process.env.TEST_REDIS_URL ? await createTestApp(withFixture, a) : a;
  socketBase = (await b.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
});
afterAll(async () => {
  if (b !== a) await b.close();
  await a.close();
  await fixture.close();
});

describe('live transcript messages', () => {
  it('sends each transcribed chunk to the professional’s socket on any instance, then end after the last', async () => {
    const user = await createLoggedInUser(a.app);
    const client = new LiveClient(socketBase, user.session);
    await client.connected();
    const { id } = await createTestConsultation(a.app, user.headers);
    await confirmConsent(a.app, user.headers, id);
    // Chunk 0 finishes last: its message comes after 1's, and end still follows every transcript.
    fixture.behave = (request) => ({ delayMs: seqOf(request) === 0 ? 500 : 0 });
    for (const seq of [0, 1]) expect((await postChunk(a.app, user.headers, id, seq, speech)).statusCode).toBe(202);
    const isTranscript = (seq: number) => (message: TLiveMessage) =>
      message.type === 'transcript' && message.seq === seq;
    const [first, second] = [await client.next(isTranscript(0), 15_000), await client.next(isTranscript(1))];
    expect(first).toEqual({
      type: 'transcript',
      consultation_id: id,
      seq: 0,
      start: 0,
      end: expect.any(Number) as unknown,
      text: 'trecho 0',
      segments: [{ seq: 0, index: 0, start: 0, end: first.end, text: 'trecho 0', speaker: 'desconhecido' }],
    });
    expect(second).toMatchObject({ consultation_id: id, seq: 1, start: first.end, text: 'trecho 1' });
    expect(
      (
        await a.app.inject({
          method: 'DELETE',
          url: consultationUrl(id, '/evidences/transcript'),
          headers: user.headers,
        })
      ).statusCode,
    ).toBe(200);
    await client.next((message) => message.type === 'end', 15_000);
    const kinds = client.messages.filter((message) => message.consultation_id === id).map((message) => message.type);
    expect(kinds).toEqual(['transcript', 'transcript', 'end']);
    expect(client.messages.at(-1)).toEqual({ type: 'end', consultation_id: id });
    client.close();
  });
});
