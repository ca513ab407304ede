import type { TTranscriptEvidence } from '@escriba/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorLocs } from '../../../test/account-requests';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { speechWav } from '../../../test/speech';
import {
  confirmConsent,
  consultationUrl,
  partialTranscript,
  postChunk,
  waitForTranscript,
} from '../../../test/transcription-requests';
import { waitUntil } from '../../../test/wait-until';
import { useWhisperTestApp } from '../../../test/whisper-test-app';
import { evidences, evidenceVersions } from '../../db/schema/index';

let speech: Buffer;
beforeAll(async () => {
  speech = await speechWav('Bom dia, doutora. Estou com dor de cabeça há três dias.');
});
const t = useWhisperTestApp();

type Headers = Record<string, string>;

/** Records chunks `seqs` (the fixture transcribes each as "trecho N"), stops, and waits for the stored version. */
async function record(headers: Headers, id: string, seqs: number[], version: number): Promise<TTranscriptEvidence> {
  for (const seq of seqs) expect((await postChunk(t.app, headers, id, seq, speech)).statusCode).toBe(202);
  await waitForTranscript(t.app, headers, id, (each) => each.pending === 0 && each.next_seq === seqs.at(-1)! + 1);
  await t.app.inject({ method: 'DELETE', url: consultationUrl(id, '/evidences/transcript'), headers });
  return waitUntil(
    async () => {
      const stored = await storedTranscript(headers, id);
      return stored.version === version && stored;
    },
    `transcript version ${version}`,
    15_000,
  );
}

async function storedTranscript(headers: Headers, id: string): Promise<TTranscriptEvidence> {
  const response = await t.app.inject({ method: 'GET', url: consultationUrl(id, '/evidences/transcript'), headers });
  return response.statusCode === 200 ? response.json<TTranscriptEvidence>() : ({ version: 0 } as TTranscriptEvidence);
}

function correctLine(headers: Headers, id: string, seq: number | string, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: consultationUrl(id, `/evidences/transcript/segments/${seq}`),
    headers,
    payload: payload as Record<string, unknown>,
  });
}

async function recordedConsultation(seqs = [0, 1]) {
  const user = await createLoggedInUser(t.app);
  const { id } = await createTestConsultation(t.app, user.headers);
  await confirmConsent(t.app, user.headers, id);
  t.fixture.behave = () => ({});
  await record(user.headers, id, seqs, 1);
  return { userId: user.user.id, headers: user.headers, id };
}

describe('transcript versions', () => {
  it('say a recording made them, also after "continuar gravação", and who made a correction', async () => {
    const { userId, headers, id } = await recordedConsultation([0]);
    await t.app.inject({ method: 'POST', url: consultationUrl(id, '/evidences/transcript/continue'), headers });
    const continued = await record(headers, id, [1], 2);
    const corrected = await t.app.inject({
      method: 'PUT',
      url: consultationUrl(id, '/evidences/transcript/text'),
      headers,
      payload: { text: 'Bom dia, doutora.\ntrecho 1' },
    });
    expect(continued.versions.map(({ version, source, author_id }) => ({ version, source, author_id }))).toEqual([
      { version: 1, source: 'recording', author_id: null },
      { version: 2, source: 'recording', author_id: null },
    ]);
    expect(corrected.json<TTranscriptEvidence>().versions.at(-1)).toMatchObject({
      version: 3,
      source: 'correction',
      author_id: userId,
      text: 'Bom dia, doutora.\ntrecho 1',
    });
    // The correction kept one line per chunk: its lines keep their times.
    expect((await partialTranscript(t.app, headers, id)).segments.map(({ text }) => text)).toEqual([
      'Bom dia, doutora.',
      'trecho 1',
    ]);
  });
});

describe('PUT .../evidences/transcript/segments/{seq}', () => {
  it('corrects one line as a new version, keeping the original and the line’s times', async () => {
    const { userId, headers, id } = await recordedConsultation();
    const before = await partialTranscript(t.app, headers, id);
    const response = await correctLine(headers, id, 1, { text: '  Dor de cabeça há três dias.  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TTranscriptEvidence>()).toMatchObject({
      text: 'trecho 0\nDor de cabeça há três dias.',
      version: 2,
      versions: [
        { version: 1, source: 'recording', author_id: null, text: 'trecho 0\ntrecho 1' },
        { version: 2, source: 'correction', author_id: userId, text: 'trecho 0\nDor de cabeça há três dias.' },
      ],
    });
    const after = await partialTranscript(t.app, headers, id);
    expect(after.segments).toEqual([
      before.segments[0],
      { ...before.segments[1], text: 'Dor de cabeça há três dias.' },
    ]);
    expect(after.text).toBe('trecho 0\nDor de cabeça há três dias.');

    const same = await correctLine(headers, id, 1, { text: 'Dor de cabeça há três dias.' });
    expect(same.json<TTranscriptEvidence>().version).toBe(2);

    // Recording goes on: the new line is added after the corrected ones, as a recording's version.
    await t.app.inject({ method: 'POST', url: consultationUrl(id, '/evidences/transcript/continue'), headers });
    const continued = await record(headers, id, [2], 3);
    expect(continued).toMatchObject({ text: 'trecho 0\nDor de cabeça há três dias.\ntrecho 2' });
    expect(continued.versions.at(-1)).toMatchObject({ source: 'recording', author_id: null });
    expect((await partialTranscript(t.app, headers, id)).segments.map(({ text }) => text)).toEqual([
      'trecho 0',
      'Dor de cabeça há três dias.',
      'trecho 2',
    ]);
  });

  it('corrects a line of a transcript stored before lines were kept, placing its lines on the chunks', async () => {
    const { userId, headers, id } = await recordedConsultation();
    // As stored before migration 0018: no lines, and a whole-text correction of a word.
    const [stored] = await t.app.db
      .update(evidences)
      .set({ text: 'trecho 0, bom dia\ntrecho 1', version: 2 })
      .where(and(eq(evidences.consultationId, id), eq(evidences.kind, 'transcript')))
      .returning();
    await t.app.db.update(evidenceVersions).set({ lines: null }).where(eq(evidenceVersions.evidenceId, stored!.id));
    await t.app.db.insert(evidenceVersions).values({
      evidenceId: stored!.id,
      version: 2,
      source: 'correction',
      authorId: userId,
      text: 'trecho 0, bom dia\ntrecho 1',
    });

    const response = await correctLine(headers, id, 1, { text: 'Dor de cabeça há três dias.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TTranscriptEvidence>()).toMatchObject({
      text: 'trecho 0, bom dia\nDor de cabeça há três dias.',
      version: 3,
    });
    expect((await partialTranscript(t.app, headers, id)).segments.map(({ seq, text }) => [seq, text])).toEqual([
      [0, 'trecho 0, bom dia'],
      [1, 'Dor de cabeça há três dias.'],
    ]);
  });

  it('refuses empty or multi-line text naming `text`, and a seq not in the transcript with 404', async () => {
    const { headers, id } = await recordedConsultation();
    for (const payload of [{ text: '   ' }, { text: 'uma\nduas' }, {}]) {
      const refused = await correctLine(headers, id, 0, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      expect(errorLocs(refused)).toEqual([['body', 'text']]);
    }
    expect((await correctLine(headers, id, 'x', { text: 'Texto' })).statusCode).toBe(422);
    const missing = await correctLine(headers, id, 7, { text: 'Texto' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Trecho não encontrado' });
    expect((await storedTranscript(headers, id)).version).toBe(1);
  });

  it('answers 404 for another professional’s consultation, 401 without a session, 409 once concluded', async () => {
    const { headers, id } = await recordedConsultation([0]);
    const stranger = await createLoggedInUser(t.app);
    expect((await correctLine(stranger.headers, id, 0, { text: 'Outro' })).statusCode).toBe(404);
    expect((await correctLine({}, id, 0, { text: 'Outro' })).statusCode).toBe(401);
    const concluded = await t.app.inject({
      method: 'PATCH',
      url: consultationUrl(id, ''),
      headers,
      payload: { status: 'done' },
    });
    expect(concluded.statusCode).toBe(200);
    const refused = await correctLine(headers, id, 0, { text: 'Outro' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'Consulta concluída: reabra-a para editar' });
    const wholeText = await t.app.inject({
      method: 'PUT',
      url: consultationUrl(id, '/evidences/transcript/text'),
      headers,
      payload: { text: 'Outro' },
    });
    expect(wholeText.statusCode).toBe(409);
    expect((await storedTranscript(headers, id)).text).toBe('trecho 0');
  });

  it('answers 409 before the recording is stored', async () => {
    const user = await createLoggedInUser(t.app);
    const { id } = await createTestConsultation(t.app, user.headers);
    expect((await correctLine(user.headers, id, 0, { text: 'Texto' })).statusCode).toBe(409);
  });
});
