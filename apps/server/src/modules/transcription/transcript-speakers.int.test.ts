import type { TLiveMessage, TTranscriptEvidence } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { LiveClient } from '../../../test/live-client';
import {
  DIALOGUE,
  dialogueAnswer,
  labelByContent,
  recordChunks,
  recordingConsultation,
  spokenSegments,
  useSpeakerScene,
} from '../../../test/speaker-scene';
import { consultationUrl, partialTranscript, waitForTranscript } from '../../../test/transcription-requests';
import { waitUntil } from '../../../test/wait-until';
import { formatTranscript } from '../generation/prompt-inputs';
import { currentInputs, readGenerationInputs } from '../generation/read-generation-inputs';
import { SourceCatalog } from '../generation/source-labels';
import { labelSpeakers } from './label-speakers';

const scene = useSpeakerScene();

describe('who said each segment', () => {
  it('maps a diarizing provider’s voices to roles for the whole consultation, without asking the model', async () => {
    const { headers, id } = await recordingConsultation(scene.t.app);
    scene.whisper.behave = dialogueAnswer({
      0: ['SPEAKER_00', 'SPEAKER_01'],
      1: ['SPEAKER_00', 'SPEAKER_02'],
      2: ['SPEAKER_00'],
    });
    const requestsBefore = scene.llm.requests.length;
    await recordChunks(scene.t.app, headers, id, 3);

    expect(await spokenSegments(scene.t.app, headers, id)).toEqual([
      [0, 0, 'profissional', 'Bom dia, o que a senhora sente?'],
      [0, 1, 'paciente', 'Dor de cabeça há três dias.'],
      [1, 0, 'profissional', 'Piora à noite?'],
      [1, 1, 'acompanhante', 'Ela não dorme, doutora, eu sou a filha dela.'],
      [2, 0, 'profissional', 'Vamos medir a pressão.'],
    ]);
    // Each segment keeps its own times, from the start of the recording; a chunk's last runs to the chunk's end.
    const { segments } = await partialTranscript(scene.t.app, headers, id);
    expect(segments[0]).toMatchObject({ start: 0, end: 1.2 });
    expect(segments[1]).toMatchObject({ start: 1.2, end: segments[2]!.start });
    expect(segments[3]!.start).toBe(segments[2]!.start + 1);
    await labelSpeakers(scene.t.app, id);
    expect(scene.llm.requests.length).toBe(requestsBefore);
  });

  it('labels segments without voices from their content with the chat model, live and in the generation’s prompt', async () => {
    const { headers, id, session } = await recordingConsultation(scene.t.app);
    const client = await LiveClient.connect(scene.socketBase, session);
    scene.whisper.behave = dialogueAnswer();
    scene.llm.respond = labelByContent;
    await recordChunks(scene.t.app, headers, id, 3);

    const labelled = await waitForTranscript(scene.t.app, headers, id, (each) =>
      each.segments.every((segment) => segment.speaker !== 'desconhecido'),
    );
    expect(labelled.segments.map(({ speaker }) => speaker)).toEqual([
      'profissional',
      'paciente',
      'profissional',
      'acompanhante',
      'profissional',
    ]);
    const request = scene.llm.requests.at(-1)!.body;
    expect(request.response_format?.json_schema?.name ?? request.tools?.[0]?.function?.name).toBe('falantes');
    // The chunks whose segments were labelled are sent again with their speakers.
    await client.next(
      (message: TLiveMessage) =>
        message.type === 'transcript' && message.seq === 1 && message.segments?.[1]?.speaker === 'acompanhante',
      10_000,
    );
    client.close();

    const inputs = await readGenerationInputs(scene.t.app.db, id, {
      ...(await currentInputs(scene.t.app.db, id)),
      condensed: false,
    });
    const prompt = formatTranscript(inputs.transcript);
    expect(prompt).toContain('[T0 00:00–00:01] Profissional: Bom dia, o que a senhora sente?');
    // The chunk's last segment runs to the chunk's end.
    expect(prompt).toMatch(/\[T0 00:01–[\d:]+\] Paciente: Dor de cabeça há três dias\./);
    expect(prompt).toMatch(/\[T1 [\d:]+–[\d:]+\] Acompanhante: Ela não dorme/);
    // A chunk's label still cites the chunk: the span its segments cover.
    const { segments } = await partialTranscript(scene.t.app, headers, id);
    expect(SourceCatalog.of(inputs).resolve(['T0']).transcript).toEqual([
      { seq: 0, start: 0, end: segments[2]!.start },
    ]);
  });

  it('keeps the transcript as it was when the role pass fails, and labels it once the model answers again', async () => {
    const { headers, id } = await recordingConsultation(scene.t.app);
    scene.whisper.behave = dialogueAnswer();
    scene.llm.respond = () => ({ status: 503 });
    const requestsBefore = scene.llm.requests.length;
    await recordChunks(scene.t.app, headers, id, 2);
    await waitUntil(() => scene.llm.requests.length > requestsBefore, 'the role pass asked the model', 10_000);

    const stored = await scene.t.app.inject({
      method: 'GET',
      url: consultationUrl(id, '/evidences/transcript'),
      headers,
    });
    expect(stored.json<TTranscriptEvidence>().text).toBe(
      DIALOGUE[0]!
        .concat(DIALOGUE[1]!)
        .map((s) => s.text)
        .join('\n'),
    );
    expect((await spokenSegments(scene.t.app, headers, id)).map(([, , speaker]) => speaker)).toEqual(
      Array(4).fill('desconhecido'),
    );

    scene.llm.respond = labelByContent;
    const labelled = await waitForTranscript(
      scene.t.app,
      headers,
      id,
      (each) => each.segments.every((segment) => segment.speaker !== 'desconhecido'),
      20_000,
    );
    expect(labelled.text).toBe(stored.json<TTranscriptEvidence>().text);
  });

  it('asks about a long transcript a batch at a time, each batch after the labels of the one before', async () => {
    const { headers, id } = await recordingConsultation(scene.t.app);
    const lines = Array.from({ length: 45 }, (_, index) =>
      index % 2 === 0 ? `Pergunta ${index}?` : `Resposta ${index}.`,
    );
    scene.whisper.behave = () => ({
      segments: lines.map((text, index) => ({ start: index * 0.05, end: (index + 1) * 0.05, text })),
    });
    scene.llm.respond = labelByContent;
    const requestsBefore = scene.llm.requests.length;
    await recordChunks(scene.t.app, headers, id, 1);

    const labelled = await waitForTranscript(scene.t.app, headers, id, (each) =>
      each.segments.every((segment) => segment.speaker !== 'desconhecido'),
    );
    expect(labelled.segments.map(({ speaker }) => speaker)).toEqual(
      lines.map((text) => (text.endsWith('?') ? 'profissional' : 'paciente')),
    );
    const asked = scene.llm.requests.slice(requestsBefore).map(({ body }) => body.messages!.at(-1)!.content);
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain('## Falas anteriores\n(nenhuma)');
    expect(asked[1]).toContain(
      'Profissional: Pergunta 38?\nPaciente: Resposta 39.\n\n## Falas a identificar\n[F1] Pergunta 40?',
    );
  });
});
