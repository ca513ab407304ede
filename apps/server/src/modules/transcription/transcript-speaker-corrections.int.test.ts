import type { TTranscriptEvidence } from '@escriba/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorLocs } from '../../../test/account-requests';
import { createLoggedInUser } from '../../../test/factories';
import {
  dialogueAnswer,
  recordChunks,
  recordingConsultation,
  spokenSegments,
  useSpeakerScene,
} from '../../../test/speaker-scene';
import { consultationUrl } from '../../../test/transcription-requests';
import { evidences, evidenceVersions } from '../../db/schema/index';

const scene = useSpeakerScene();

function correctSegment(headers: Record<string, string>, id: string, seq: number, payload: Record<string, unknown>) {
  return scene.t.app.inject({
    method: 'PUT',
    url: consultationUrl(id, `/evidences/transcript/segments/${seq}`),
    headers,
    payload,
  });
}

describe('PUT .../evidences/transcript/segments/{seq} with speaker', () => {
  async function recorded() {
    const user = await recordingConsultation(scene.t.app);
    scene.whisper.behave = dialogueAnswer({ 0: ['A', 'B'], 1: ['A', 'B'] });
    await recordChunks(scene.t.app, user.headers, user.id, 2);
    return user;
  }

  it('changes who said one segment as a new version by its author, kept through a text correction', async () => {
    const { headers, id, user } = await recorded();
    const response = await correctSegment(headers, id, 1, { index: 1, speaker: 'acompanhante' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TTranscriptEvidence>()).toMatchObject({
      version: 2,
      versions: [
        { version: 1, source: 'recording', author_id: null },
        { version: 2, source: 'correction', author_id: user.id },
      ],
    });
    expect(
      (await spokenSegments(scene.t.app, headers, id)).map(([seq, index, speaker]) => [seq, index, speaker]),
    ).toEqual([
      [0, 0, 'profissional'],
      [0, 1, 'paciente'],
      [1, 0, 'profissional'],
      [1, 1, 'acompanhante'],
    ]);
    // The same speaker again makes no version; text and speaker together make one, and a text correction keeps her speaker.
    expect(
      (await correctSegment(headers, id, 1, { index: 1, speaker: 'acompanhante' })).json<TTranscriptEvidence>().version,
    ).toBe(2);
    const both = await correctSegment(headers, id, 0, { speaker: 'paciente', text: 'Bom dia, doutora.' });
    expect(both.json<TTranscriptEvidence>().version).toBe(3);
    await correctSegment(headers, id, 1, { index: 1, text: 'Eu sou a filha dela.' });
    expect(
      (await spokenSegments(scene.t.app, headers, id))
        .slice(0, 1)
        .concat((await spokenSegments(scene.t.app, headers, id)).slice(3)),
    ).toEqual([
      [0, 0, 'paciente', 'Bom dia, doutora.'],
      [1, 1, 'acompanhante', 'Eu sou a filha dela.'],
    ]);
  });

  it('refuses an unknown speaker or a segment the chunk does not have naming the field, 404 and 401', async () => {
    const { headers, id } = await recorded();
    for (const [payload, field] of [
      [{ speaker: 'medico' }, 'speaker'],
      [{ speaker: 'paciente', index: -1 }, 'index'],
      [{ speaker: 'paciente', index: 1.5 }, 'index'],
      [{ speaker: 'paciente', index: 2 }, 'index'],
      [{ index: 1 }, 'text'],
    ] as const) {
      const refused = await correctSegment(headers, id, 0, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      expect(errorLocs(refused)).toEqual([['body', field]]);
    }
    expect((await correctSegment(headers, id, 9, { speaker: 'paciente' })).statusCode).toBe(404);
    const stranger = await createLoggedInUser(scene.t.app);
    expect((await correctSegment(stranger.headers, id, 0, { speaker: 'paciente' })).statusCode).toBe(404);
    expect((await correctSegment({}, id, 0, { speaker: 'paciente' })).statusCode).toBe(401);
    const stored = await scene.t.app.inject({
      method: 'GET',
      url: consultationUrl(id, '/evidences/transcript'),
      headers,
    });
    expect(stored.json<TTranscriptEvidence>().version).toBe(1);
  });

  it('reads a version stored with one line per chunk as one segment per chunk, speaker unknown until set', async () => {
    const { headers, id } = await recorded();
    // As stored before segments were kept: a line per chunk, no index, no speaker.
    const [stored] = await scene.t.app.db
      .select({ id: evidences.id })
      .from(evidences)
      .where(and(eq(evidences.consultationId, id), eq(evidences.kind, 'transcript')));
    await scene.t.app.db
      .update(evidenceVersions)
      .set({
        lines: [
          { seq: 0, text: 'Bom dia. Dor de cabeça.' },
          { seq: 1, text: 'Piora à noite?' },
        ],
      })
      .where(eq(evidenceVersions.evidenceId, stored!.id));
    expect(await spokenSegments(scene.t.app, headers, id)).toEqual([
      [0, 0, 'desconhecido', 'Bom dia. Dor de cabeça.'],
      [1, 0, 'desconhecido', 'Piora à noite?'],
    ]);
    expect((await correctSegment(headers, id, 1, { speaker: 'profissional' })).statusCode).toBe(200);
    expect((await spokenSegments(scene.t.app, headers, id))[1]).toEqual([1, 0, 'profissional', 'Piora à noite?']);
  });
});
