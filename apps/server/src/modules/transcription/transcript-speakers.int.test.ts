import type { TLiveMessage, TTranscriptEvidence } from '@escriba/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLocs } from '../../../test/account-requests';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { LiveClient } from '../../../test/live-client';
import { LlmFixture, type ChatRequestBody } from '../../../test/llm-fixture';
import { speechWav } from '../../../test/speech';
import { useTestApp } from '../../../test/test-app';
import {
  confirmConsent,
  consultationUrl,
  partialTranscript,
  postChunk,
  waitForTranscript,
} from '../../../test/transcription-requests';
import { waitUntil } from '../../../test/wait-until';
import { seqOf, WhisperFixture, type FixtureBehaviour } from '../../../test/whisper-fixture';
import { evidences, evidenceVersions } from '../../db/schema/index';
import { formatTranscript } from '../generation/prompt-inputs';
import { currentInputs, readGenerationInputs } from '../generation/read-generation-inputs';
import { SourceCatalog } from '../generation/source-labels';
import { labelSpeakers } from './label-speakers';

let whisper: WhisperFixture;
let llm: LlmFixture;
let speech: Buffer;
beforeAll(async () => {
  whisper = await WhisperFixture.start();
  llm = await LlmFixture.start();
  speech = await speechWav('Bom dia, doutora. Estou com dor de cabeça há três dias.');
});
afterAll(async () => {
  await whisper.close();
  await llm.close();
});
const t = useTestApp((config) => ({
  ...config,
  transcription: { ...config.transcription, whisper: { ...config.transcription.whisper, url: whisper.baseUrl } },
  llm: { ...config.llm, url: llm.baseUrl, timeoutMs: 5_000, idleTimeoutMs: 2_000 },
}));
let socketBase: string;
beforeAll(async () => {
  socketBase = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
});

type Headers = Record<string, string>;

// What the provider hears in each chunk, segment by segment (times within the chunk).
const DIALOGUE: Record<number, { start: number; end: number; text: string }[]> = {
  0: [
    { start: 0, end: 1.2, text: 'Bom dia, o que a senhora sente?' },
    { start: 1.2, end: 2.4, text: 'Dor de cabeça há três dias.' },
  ],
  1: [
    { start: 0, end: 1, text: 'Piora à noite?' },
    { start: 1, end: 2, text: 'Ela não dorme, doutora, eu sou a filha dela.' },
  ],
  2: [{ start: 0, end: 1.5, text: 'Vamos medir a pressão.' }],
};

/** The provider's answer for a chunk: its dialogue, each segment with a voice when `voices` are given. */
function answer(
  voices?: Record<number, string[]>,
): (request: Parameters<WhisperFixture['behave']>[0]) => FixtureBehaviour {
  return (request) => {
    const seq = seqOf(request);
    return {
      segments: DIALOGUE[seq]!.map((segment, index) => ({
        ...segment,
        ...(voices && { speaker: voices[seq]![index] }),
      })),
    };
  };
}

/** The role pass as a model would answer it: questions are the professional's, "a filha dela" a companion's. */
function labelByContent(body: ChatRequestBody) {
  const asked = body.messages?.at(-1)?.content.split('## Falas a identificar\n')[1] ?? '';
  const labels = [...asked.matchAll(/^\[(F\d+)\] (.*)$/gm)].map(([, key, text]): [string, string] => [
    key!,
    text!.includes('?') || text!.startsWith('Vamos')
      ? 'profissional'
      : text!.includes('filha')
        ? 'acompanhante'
        : 'paciente',
  ]);
  return { json: Object.fromEntries(labels) };
}

async function recordingConsultation() {
  const user = await createLoggedInUser(t.app);
  const { id } = await createTestConsultation(t.app, user.headers);
  await confirmConsent(t.app, user.headers, id);
  return { ...user, id };
}

/** Records chunks 0…n-1, stops, and waits for the stored transcript. */
async function record(headers: Headers, id: string, chunks: number): Promise<void> {
  for (let seq = 0; seq < chunks; seq += 1) {
    expect((await postChunk(t.app, headers, id, seq, speech)).statusCode).toBe(202);
  }
  await waitForTranscript(t.app, headers, id, (each) => each.pending === 0 && each.next_seq === chunks);
  await t.app.inject({ method: 'DELETE', url: consultationUrl(id, '/evidences/transcript'), headers });
  await waitForTranscript(t.app, headers, id, (each) => each.state === 'stopped');
}

const spoken = async (headers: Headers, id: string) =>
  (await partialTranscript(t.app, headers, id)).segments.map(({ seq, index, speaker, text }) => [
    seq,
    index,
    speaker,
    text,
  ]);

function correctSegment(headers: Headers, id: string, seq: number, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'PUT',
    url: consultationUrl(id, `/evidences/transcript/segments/${seq}`),
    headers,
    payload,
  });
}

describe('who said each segment', () => {
  it('maps a diarizing provider’s voices to roles for the whole consultation, without asking the model', async () => {
    const { headers, id } = await recordingConsultation();
    whisper.behave = answer({ 0: ['SPEAKER_00', 'SPEAKER_01'], 1: ['SPEAKER_00', 'SPEAKER_02'], 2: ['SPEAKER_00'] });
    const requestsBefore = llm.requests.length;
    await record(headers, id, 3);

    expect(await spoken(headers, id)).toEqual([
      [0, 0, 'profissional', 'Bom dia, o que a senhora sente?'],
      [0, 1, 'paciente', 'Dor de cabeça há três dias.'],
      [1, 0, 'profissional', 'Piora à noite?'],
      [1, 1, 'acompanhante', 'Ela não dorme, doutora, eu sou a filha dela.'],
      [2, 0, 'profissional', 'Vamos medir a pressão.'],
    ]);
    // Each segment keeps its own times, from the start of the recording; a chunk's last runs to the chunk's end.
    const { segments } = await partialTranscript(t.app, headers, id);
    expect(segments[0]).toMatchObject({ start: 0, end: 1.2 });
    expect(segments[1]).toMatchObject({ start: 1.2, end: segments[2]!.start });
    expect(segments[3]!.start).toBe(segments[2]!.start + 1);
    await labelSpeakers(t.app, id);
    expect(llm.requests.length).toBe(requestsBefore);
  });

  it('labels segments without voices from their content with the chat model, live and in the generation’s prompt', async () => {
    const { headers, id, session } = await recordingConsultation();
    const client = await LiveClient.connect(socketBase, session);
    whisper.behave = answer();
    llm.respond = labelByContent;
    await record(headers, id, 3);

    const labelled = await waitForTranscript(t.app, headers, id, (each) =>
      each.segments.every((segment) => segment.speaker !== 'desconhecido'),
    );
    expect(labelled.segments.map(({ speaker }) => speaker)).toEqual([
      'profissional',
      'paciente',
      'profissional',
      'acompanhante',
      'profissional',
    ]);
    const request = llm.requests.at(-1)!.body;
    expect(request.response_format?.json_schema?.name ?? request.tools?.[0]?.function?.name).toBe('falantes');
    // The chunks whose segments were labelled are sent again with their speakers.
    await client.next(
      (message: TLiveMessage) =>
        message.type === 'transcript' && message.seq === 1 && message.segments?.[1]?.speaker === 'acompanhante',
      10_000,
    );
    client.close();

    const inputs = await readGenerationInputs(t.app.db, id, {
      ...(await currentInputs(t.app.db, id)),
      condensed: false,
    });
    const prompt = formatTranscript(inputs.transcript);
    expect(prompt).toContain('[T0 00:00–00:01] Profissional: Bom dia, o que a senhora sente?');
    // The chunk's last segment runs to the chunk's end.
    expect(prompt).toMatch(/\[T0 00:01–[\d:]+\] Paciente: Dor de cabeça há três dias\./);
    expect(prompt).toMatch(/\[T1 [\d:]+–[\d:]+\] Acompanhante: Ela não dorme/);
    // A chunk's label still cites the chunk: the span its segments cover.
    const { segments } = await partialTranscript(t.app, headers, id);
    expect(SourceCatalog.of(inputs).resolve(['T0']).transcript).toEqual([
      { seq: 0, start: 0, end: segments[2]!.start },
    ]);
  });

  it('keeps the transcript as it was when the role pass fails, and labels it once the model answers again', async () => {
    const { headers, id } = await recordingConsultation();
    whisper.behave = answer();
    llm.respond = () => ({ status: 503 });
    const requestsBefore = llm.requests.length;
    await record(headers, id, 2);
    await waitUntil(() => llm.requests.length > requestsBefore, 'the role pass asked the model', 10_000);

    const stored = await t.app.inject({ method: 'GET', url: consultationUrl(id, '/evidences/transcript'), headers });
    expect(stored.json<TTranscriptEvidence>().text).toBe(
      DIALOGUE[0]!
        .concat(DIALOGUE[1]!)
        .map((s) => s.text)
        .join('\n'),
    );
    expect((await spoken(headers, id)).map(([, , speaker]) => speaker)).toEqual(Array(4).fill('desconhecido'));

    llm.respond = labelByContent;
    const labelled = await waitForTranscript(
      t.app,
      headers,
      id,
      (each) => each.segments.every((segment) => segment.speaker !== 'desconhecido'),
      20_000,
    );
    expect(labelled.text).toBe(stored.json<TTranscriptEvidence>().text);
  });
});

describe('PUT .../evidences/transcript/segments/{seq} with speaker', () => {
  async function recorded() {
    const user = await recordingConsultation();
    whisper.behave = answer({ 0: ['A', 'B'], 1: ['A', 'B'] });
    await record(user.headers, user.id, 2);
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
    expect((await spoken(headers, id)).map(([seq, index, speaker]) => [seq, index, speaker])).toEqual([
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
    expect((await spoken(headers, id)).slice(0, 1).concat((await spoken(headers, id)).slice(3))).toEqual([
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
    const stranger = await createLoggedInUser(t.app);
    expect((await correctSegment(stranger.headers, id, 0, { speaker: 'paciente' })).statusCode).toBe(404);
    expect((await correctSegment({}, id, 0, { speaker: 'paciente' })).statusCode).toBe(401);
    const stored = await t.app.inject({ method: 'GET', url: consultationUrl(id, '/evidences/transcript'), headers });
    expect(stored.json<TTranscriptEvidence>().version).toBe(1);
  });

  it('reads a version stored with one line per chunk as one segment per chunk, speaker unknown until set', async () => {
    const { headers, id } = await recorded();
    // As stored before segments were kept: a line per chunk, no index, no speaker.
    const [stored] = await t.app.db
      .select({ id: evidences.id })
      .from(evidences)
      .where(and(eq(evidences.consultationId, id), eq(evidences.kind, 'transcript')));
    await t.app.db
      .update(evidenceVersions)
      .set({
        lines: [
          { seq: 0, text: 'Bom dia. Dor de cabeça.' },
          { seq: 1, text: 'Piora à noite?' },
        ],
      })
      .where(eq(evidenceVersions.evidenceId, stored!.id));
    expect(await spoken(headers, id)).toEqual([
      [0, 0, 'desconhecido', 'Bom dia. Dor de cabeça.'],
      [1, 0, 'desconhecido', 'Piora à noite?'],
    ]);
    expect((await correctSegment(headers, id, 1, { speaker: 'profissional' })).statusCode).toBe(200);
    expect((await spoken(headers, id))[1]).toEqual([1, 0, 'profissional', 'Piora à noite?']);
  });
});
