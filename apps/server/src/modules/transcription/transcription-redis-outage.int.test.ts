import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { TestRedisServer } from '../../../test/redis-server';
import { speechWav } from '../../../test/speech';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { confirmConsent, postChunk, waitForTranscript } from '../../../test/transcription-requests';
import { waitUntil } from '../../../test/wait-until';
import { WhisperFixture } from '../../../test/whisper-fixture';
import { withWhisperAt } from '../../../test/whisper-test-app';

// The production path with a redis-server of this file's own, stopped during the recording.
const isEnabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
let redis: TestRedisServer;
let fixture: WhisperFixture;
let t: TestApp;

beforeAll(async () => {
  if (!isEnabled) return;
  redis = await TestRedisServer.create();
  fixture = await WhisperFixture.start();
  t = await createTestApp((config) => withWhisperAt({ ...config, redisUrl: redis.url }, fixture.baseUrl));
});
afterAll(async () => {
  if (!isEnabled) return;
  await t.close();
  await fixture.close();
  await redis.stop();
});

describe.runIf(isEnabled)('transcription while Redis is down', () => {
  it('accepts and transcribes chunks: live messages wait for nothing, the stored transcript is the record', async () => {
    const user = await createLoggedInUser(t.app);
    const { id } = await createTestConsultation(t.app, user.headers);
    await confirmConsent(t.app, user.headers, id);
    await redis.stop();
    await waitUntil(() => t.app.redis!.status !== 'ready', 'the app sees Redis down');

    const speech = await speechWav('A dor começou ontem à noite.');
    for (const seq of [0, 1]) expect((await postChunk(t.app, user.headers, id, seq, speech)).statusCode).toBe(202);
    const done = await waitForTranscript(t.app, user.headers, id, (each) => each.pending === 0);
    expect(done.segments.map((segment) => segment.text)).toEqual(['trecho 0', 'trecho 1']);
    await redis.start();
  });
});
