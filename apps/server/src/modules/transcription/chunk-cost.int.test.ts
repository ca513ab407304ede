import type { TLiveMessage } from '@escriba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { LiveClient } from '../../../test/live-client';
import { speechWav } from '../../../test/speech';
import { logStatements, transactionCount, type LoggedStatement } from '../../../test/statement-log';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { confirmConsent, postChunk } from '../../../test/transcription-requests';
import { WhisperFixture } from '../../../test/whisper-fixture';
import { withWhisperAt } from '../../../test/whisper-test-app';

// Issue 32: accept, queue, fetch, settle and announce, and the job's completion.
const MAX_TRANSACTIONS_PER_CHUNK = 6;
// Those transactions' statements once recording is under way (the first chunk also starts the transcription). Each
// costs the event loop a query built, written and parsed: a new one should be a choice, not a slip.
const MAX_STATEMENTS_PER_LATER_CHUNK = 11;
const CHUNKS = 7;

// Counted on PostgreSQL's client, the production path (PGlite answers in the process, through another client).
describe.skipIf(!process.env.TEST_DATABASE_URL)('what one recorded chunk costs the database', () => {
  let fixture: WhisperFixture;
  let testApp: TestApp;
  let socketBase: string;
  beforeAll(async () => {
    fixture = await WhisperFixture.start();
    testApp = await createTestApp((config) => withWhisperAt(config, fixture.baseUrl));
    socketBase = (await testApp.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
  });
  afterAll(async () => {
    await testApp.close();
    await fixture.close();
  });

  it(`takes at most ${MAX_TRANSACTIONS_PER_CHUNK} transactions (${MAX_STATEMENTS_PER_LATER_CHUNK} statements) from upload to live message, the seventh chunk as the first`, async () => {
    const { app } = testApp;
    const user = await createLoggedInUser(app);
    const client = new LiveClient(socketBase, user.session);
    await client.connected();
    const { id } = await createTestConsultation(app, user.headers);
    await confirmConsent(app, user.headers, id);
    const speech = await speechWav('Tenho tosse seca há duas semanas.');
    const perChunk: LoggedStatement[][] = [];
    for (let seq = 0; seq < CHUNKS; seq += 1) {
      const announced = client.next(
        (message: TLiveMessage) => message.type === 'transcript' && message.seq === seq,
        15_000,
      );
      perChunk.push(
        await logStatements(async () => {
          expect((await postChunk(app, user.headers, id, seq, speech)).statusCode).toBe(202);
          await announced;
          await settled();
        }),
      );
    }
    const counts = perChunk.map(transactionCount);
    const worst = perChunk[counts.indexOf(Math.max(...counts))]!;
    expect(counts.every((count) => count > 0)).toBe(true);
    expect(
      Math.max(...counts),
      `transactions per chunk ${counts.join(', ')}; the worst:\n${worst.map((each) => (each.isTransactionStart ? '* ' : '  ') + each.text.replace(/\s+/g, ' ').slice(0, 140)).join('\n')}`,
    ).toBeLessThanOrEqual(MAX_TRANSACTIONS_PER_CHUNK);
    const statements = perChunk.slice(1).map((each) => each.length);
    expect(
      Math.max(...statements),
      `statements per chunk after the first: ${statements.join(', ')}`,
    ).toBeLessThanOrEqual(MAX_STATEMENTS_PER_LATER_CHUNK);
  });
});

/** What the chunk set off after its message (the job's completion, the worker's next look) has its turn. */
function settled(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 300));
}
