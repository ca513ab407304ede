import type { TLiveMessage } from '@escriba/contract';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { LiveClient } from '../../../test/live-client';
import { speechWav } from '../../../test/speech';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { confirmConsent, consultationUrl, postChunk } from '../../../test/transcription-requests';
import { waitUntil } from '../../../test/wait-until';
import { WhisperFixture } from '../../../test/whisper-fixture';
import { withWhisperAt } from '../../../test/whisper-test-app';

// A deferred constraint trigger fails the commit of the transaction that settles a chunk or stores the
// transcript, after every statement in it succeeded: what the transaction did must leave no trace outside it.
let fixture: WhisperFixture;
let t: TestApp;
let socketBase: string;
let speech: Buffer;
beforeAll(async () => {
  fixture = await WhisperFixture.start();
  speech = await speechWav('Tenho dor no peito há dois dias.');
  t = await createTestApp((config) => withWhisperAt(config, fixture.baseUrl));
  socketBase = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
  await t.app.db.execute(
    sql.raw(`create function test_fail_commit() returns trigger language plpgsql as $$
      begin raise exception 'commit refused by the test'; end $$`),
  );
});
afterAll(async () => {
  await t.close();
  await fixture.close();
});

async function failCommitsOf(table: string, consultationId: string, when: string): Promise<() => Promise<void>> {
  const name = `test_fail_${table}`;
  await t.app.db.execute(
    sql.raw(`create constraint trigger ${name} after update on ${table} deferrable initially deferred
      for each row when (new.consultation_id = '${consultationId}' and ${when}) execute function test_fail_commit()`),
  );
  return async () => void (await t.app.db.execute(sql.raw(`drop trigger ${name} on ${table}`)));
}

async function jobRetries(queue: string): Promise<number> {
  const result: unknown = await t.app.db.execute(
    sql`select coalesce(max(retry_count), 0)::int as retries from pgboss.job where name = ${queue}`,
  );
  return (result as { rows: { retries: number }[] }).rows[0]!.retries;
}

describe('side effects after commit', () => {
  it('sends no transcript message for a chunk whose result did not commit, and one once it does', async () => {
    const user = await createLoggedInUser(t.app);
    const client = new LiveClient(socketBase, user.session);
    await client.connected();
    const { id } = await createTestConsultation(t.app, user.headers);
    await confirmConsent(t.app, user.headers, id);
    const allowCommits = await failCommitsOf('transcript_chunks', id, "new.status <> 'pending'");
    expect((await postChunk(t.app, user.headers, id, 0, speech)).statusCode).toBe(202);
    // Transcribed, its result refused at commit, and tried again.
    await waitUntil(() => fixture.requests.length >= 2, 'a second transcription after the refused commit', 20_000);
    expect(client.messages.filter((message) => message.type === 'transcript')).toEqual([]);
    await allowCommits();
    const isChunk0 = (message: TLiveMessage) => message.type === 'transcript' && message.seq === 0;
    await client.next(isChunk0, 20_000);
    const stop = await t.app.inject({
      method: 'DELETE',
      url: consultationUrl(id, '/evidences/transcript'),
      headers: user.headers,
    });
    expect(stop.statusCode).toBe(200);
    await client.next((message) => message.type === 'end', 20_000);
    expect(client.messages.filter(isChunk0)).toHaveLength(1);
    client.close();
  });

  it('keeps the audio and sends no end while the stored transcript does not commit', async () => {
    const user = await createLoggedInUser(t.app);
    const client = new LiveClient(socketBase, user.session);
    await client.connected();
    const { id } = await createTestConsultation(t.app, user.headers);
    await confirmConsent(t.app, user.headers, id);
    expect((await postChunk(t.app, user.headers, id, 0, speech)).statusCode).toBe(202);
    await client.next((message) => message.type === 'transcript' && message.seq === 0, 20_000);
    const audioFolder = path.join(t.config.dataDir, 'files', 'consultations', id, 'audio');
    expect(readdirSync(audioFolder)).toHaveLength(1);

    const allowCommits = await failCommitsOf('transcriptions', id, "new.state = 'stopped'");
    const retriesBefore = await jobRetries('finish-transcript');
    const stop = await t.app.inject({
      method: 'DELETE',
      url: consultationUrl(id, '/evidences/transcript'),
      headers: user.headers,
    });
    expect(stop.statusCode).toBe(200);
    await waitUntil(
      async () => (await jobRetries('finish-transcript')) > retriesBefore,
      'the refused finish retried',
      20_000,
    );
    expect(readdirSync(audioFolder)).toHaveLength(1);
    expect(client.messages.some((message) => message.type === 'end')).toBe(false);

    await allowCommits();
    await client.next((message) => message.type === 'end', 30_000);
    await waitUntil(() => readdirSync(audioFolder).length === 0, 'the audio removed after the commit', 20_000);
    client.close();
  });
});
