import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { ENCODINGS, getAccepting } from '../../../test/compression-test-requests';
import { createLoggedInUser } from '../../../test/factories';
import { speechWav } from '../../../test/speech';
import { logStatements } from '../../../test/statement-log';
import {
  confirmConsent,
  consultationUrl,
  partialTranscript,
  postChunk,
  waitForTranscript,
} from '../../../test/transcription-requests';
import { useWhisperTestApp } from '../../../test/whisper-test-app';
import { transcriptChunks } from '../../db/schema/index';

let speech: Buffer;
beforeAll(async () => {
  speech = await speechWav('Tenho tosse seca há duas semanas.');
});
const t = useWhisperTestApp();

type Headers = Record<string, string>;

async function recording(chunks: number) {
  const user = await createLoggedInUser(t.app);
  const { id } = await createTestConsultation(t.app, user.headers);
  await confirmConsent(t.app, user.headers, id);
  t.fixture.behave = () => ({});
  for (let seq = 0; seq < chunks; seq += 1) await postChunk(t.app, user.headers, id, seq, speech);
  await waitForTranscript(t.app, user.headers, id, (each) => each.pending === 0 && each.next_seq === chunks);
  return { headers: user.headers, id };
}

function read(headers: Headers, id: string) {
  return t.app.inject({ method: 'GET', url: consultationUrl(id, '/partial-transcript'), headers });
}

describe('GET .../partial-transcript, kept while its rows are unchanged', () => {
  it('answers the same bytes again, reading only the rows’ stamp', async () => {
    const { headers, id } = await recording(2);
    const first = await read(headers, id);
    let again = first;
    const statements = await logStatements(async () => (again = await read(headers, id)));
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    // PostgreSQL's client only (PGlite answers through another): no chunk's segments are read again.
    if (process.env.TEST_DATABASE_URL)
      expect(statements.map((each) => each.text).filter((text) => text.includes('"segments"'))).toEqual([]);
  });

  it('sends it compressed as the client asks, the same bytes from the kept answer', async () => {
    const { headers, id } = await recording(2);
    const plain = await read(headers, id);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [encoding, decode] of ENCODINGS) {
      const url = consultationUrl(id, '/partial-transcript');
      const [first, again] = [
        await getAccepting(t.app, url, `${encoding}, identity`, headers),
        await getAccepting(t.app, url, encoding, headers),
      ];
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(first.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(first.rawPayload).toString('utf8')).toBe(plain.body);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    }
  });

  it('shows each change on the next read: a new chunk, another mode, the stop, a corrected line', async () => {
    const { headers, id } = await recording(1);
    expect((await partialTranscript(t.app, headers, id)).segments.map(({ text }) => text)).toEqual(['trecho 0']);

    await postChunk(t.app, headers, id, 1, speech);
    const grown = await waitForTranscript(t.app, headers, id, (each) => each.pending === 0 && each.next_seq === 2);
    expect(grown.segments.map(({ text }) => text)).toEqual(['trecho 0', 'trecho 1']);

    const mode = await t.app.inject({
      method: 'PUT',
      url: consultationUrl(id, '/evidences/transcript/mode?mode=faster-whisper&whisper_size=small'),
      headers,
    });
    expect(mode.statusCode, mode.body).toBe(200);
    expect((await partialTranscript(t.app, headers, id)).whisper_size).toBe('small');

    await t.app.inject({ method: 'DELETE', url: consultationUrl(id, '/evidences/transcript'), headers });
    await waitForTranscript(t.app, headers, id, (each) => each.state === 'stopped');

    const corrected = await t.app.inject({
      method: 'PUT',
      url: consultationUrl(id, '/evidences/transcript/segments/1'),
      headers,
      payload: { text: 'Tosse seca há duas semanas.' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect((await partialTranscript(t.app, headers, id)).text).toBe('trecho 0\nTosse seca há duas semanas.');
  });

  it('shows a row another instance wrote', async () => {
    const { headers, id } = await recording(1);
    await partialTranscript(t.app, headers, id);
    await t.app.db
      .update(transcriptChunks)
      .set({ segments: [{ start: 0, end: 1, text: 'Escrito por outra instância.' }] })
      .where(and(eq(transcriptChunks.consultationId, id), eq(transcriptChunks.seq, 0)));
    expect((await partialTranscript(t.app, headers, id)).text).toBe('Escrito por outra instância.');
  });

  it("is 404 to another professional after the owner's answer was kept", async () => {
    const { headers, id } = await recording(1);
    await partialTranscript(t.app, headers, id);
    const other = await createLoggedInUser(t.app);
    expect((await read(other.headers, id)).statusCode).toBe(404);
  });
});
