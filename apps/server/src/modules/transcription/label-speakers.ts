import { SPEAKER_LABELS, SPEAKERS, type TSpeaker, type TTranscriptSegment } from '@escriba/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { consultations, transcriptChunks } from '../../db/schema/index';
import { LlmError, type LlmMessage } from '../../providers/llm/llm-provider';
import type { App } from '../../platform/services';
import { inTransaction } from '../../platform/transaction';
import { publishTranscript } from './transcript-messages';
import { readSegmentedChunks, segmenter, type SegmentedChunk } from './transcript-segments';
import { currentVersionLines } from './transcript-versions';

// Segments labelled per request, and already labelled ones shown before them for context: a short answer each.
const BATCH_SEGMENTS = 40;
const CONTEXT_SEGMENTS = 8;

const ROLE_PROMPT = `Você identifica quem fala em cada fala da transcrição de uma consulta de saúde no Brasil.
Quem pode falar: o profissional de saúde (pergunta, examina, explica, orienta, prescreve); o paciente (conta o que sente, a própria história, responde às perguntas); um acompanhante (familiar ou cuidador que fala do paciente na terceira pessoa ou por ele, como a mãe de uma criança).
Para cada rótulo F1, F2… responda profissional, paciente, acompanhante, ou desconhecido quando não for possível saber. As falas anteriores, já identificadas, servem só de contexto.`;

/** A segment the pass labels: one of a chunk's, with no provider voice, no label yet and none set by the professional. */
interface Unlabelled {
  seq: number;
  index: number;
}

/**
 * The `label-speakers` job: the chat model labels who said each segment that the provider's voices do not label,
 * from the content, a batch at a time; each batch's labels are stored with their chunks and sent live. Idempotent:
 * only segments still unlabelled are asked about and written. Without a chat model nothing changes; a failure
 * leaves the transcript as it was (the batches already labelled stay) and the job is retried.
 */
export async function labelSpeakers(app: App, consultationId: string): Promise<void> {
  const llm = app.providers.llm;
  if (!llm) return;
  const [owner] = await app.db
    .select({ userId: consultations.userId })
    .from(consultations)
    .where(eq(consultations.id, consultationId));
  if (!owner) return;
  const chunks = await readSegmentedChunks(app.db, consultationId);
  const lines = await currentVersionLines(app.db, consultationId);
  const shown = chunks.flatMap(segmenter(chunks, lines));
  const unlabelled = unlabelledSegments(chunks, lines);
  for (let first = 0; first < unlabelled.length; first += BATCH_SEGMENTS) {
    const batch = unlabelled.slice(first, first + BATCH_SEGMENTS);
    const keyed = batch.map((each, position) => ({ ...each, key: `F${position + 1}` }));
    let answer: Record<string, unknown>;
    try {
      answer = (await llm.completeStructured({ messages: messagesFor(shown, keyed), schema: schemaFor(keyed) })).value;
    } catch (error) {
      if (error instanceof LlmError && error.kind === 'unconfigured') return;
      throw error;
    }
    const labels = keyed.flatMap(({ seq, index, key }) => {
      const speaker = SPEAKERS.find((each) => each === answer[key]);
      return speaker ? [{ seq, index, speaker }] : [];
    });
    await storeLabels(app, owner.userId, consultationId, labels);
    // The next batch reads these as context.
    for (const { seq, index, speaker } of labels) {
      const segment = shown.find((each) => each.seq === seq && each.index === index);
      if (segment) segment.speaker = speaker;
    }
  }
}

function unlabelledSegments(
  chunks: readonly SegmentedChunk[],
  lines: readonly { seq: number; index?: number; speaker?: TSpeaker }[],
): Unlabelled[] {
  // A version's line for a whole chunk (stored before segments were kept) hides its segments.
  const wholeChunks = new Set(lines.filter((line) => line.index === undefined).map((line) => line.seq));
  const setByProfessional = new Set(lines.filter((line) => line.speaker).map((line) => `${line.seq}:${line.index}`));
  return chunks.flatMap((chunk) =>
    chunk.status !== 'done' || wholeChunks.has(chunk.seq)
      ? []
      : (chunk.segments ?? []).flatMap((segment, index) =>
          segment.text &&
          segment.speaker === undefined &&
          segment.speakerId === undefined &&
          !setByProfessional.has(`${chunk.seq}:${index}`)
            ? [{ seq: chunk.seq, index }]
            : [],
        ),
  );
}

function messagesFor(
  shown: readonly TTranscriptSegment[],
  batch: readonly (Unlabelled & { key: string })[],
): LlmMessage[] {
  const at = (seq: number, index: number) => shown.findIndex((each) => each.seq === seq && each.index === index);
  const firstAt = at(batch[0]!.seq, batch[0]!.index);
  const context = shown
    .slice(0, Math.max(firstAt, 0))
    .filter((segment) => segment.text && segment.speaker !== 'desconhecido')
    .slice(-CONTEXT_SEGMENTS)
    .map((segment) => `${SPEAKER_LABELS[segment.speaker]}: ${segment.text}`);
  const asked = batch.map(({ seq, index, key }) => `[${key}] ${shown[at(seq, index)]?.text ?? ''}`);
  return [
    { role: 'system', content: ROLE_PROMPT },
    {
      role: 'user',
      content: `## Falas anteriores\n${context.join('\n') || '(nenhuma)'}\n\n## Falas a identificar\n${asked.join('\n')}`,
    },
  ];
}

/** One property per segment asked about: one of the speakers. */
function schemaFor(batch: readonly { key: string }[]): { name: string; jsonSchema: Record<string, unknown> } {
  return {
    name: 'falantes',
    jsonSchema: {
      type: 'object',
      properties: Object.fromEntries(batch.map(({ key }) => [key, { type: 'string', enum: [...SPEAKERS] }])),
      required: batch.map(({ key }) => key),
      additionalProperties: false,
    },
  };
}

/** Writes the labels on segments still without one, under their chunks' locks; the changed chunks go out live after the commit. */
async function storeLabels(
  app: App,
  userId: string,
  consultationId: string,
  labels: { seq: number; index: number; speaker: TSpeaker }[],
): Promise<void> {
  if (labels.length === 0) return;
  await inTransaction(app, async (tx, afterCommit) => {
    const seqs = [...new Set(labels.map((label) => label.seq))];
    const rows = await tx
      .select({ seq: transcriptChunks.seq, segments: transcriptChunks.segments })
      .from(transcriptChunks)
      .where(and(eq(transcriptChunks.consultationId, consultationId), inArray(transcriptChunks.seq, seqs)))
      .for('update');
    const changed: number[] = [];
    for (const row of rows) {
      let isChanged = false;
      const segments = (row.segments ?? []).map((segment, index) => {
        const label = labels.find((each) => each.seq === row.seq && each.index === index);
        if (!label || segment.speaker !== undefined || segment.speakerId !== undefined) return segment;
        isChanged = true;
        return { ...segment, speaker: label.speaker };
      });
      if (!isChanged) continue;
      changed.push(row.seq);
      await tx
        .update(transcriptChunks)
        .set({ segments })
        .where(and(eq(transcriptChunks.consultationId, consultationId), eq(transcriptChunks.seq, row.seq)));
    }
    afterCommit(async () => {
      if (changed.length === 0) return;
      const chunks = await readSegmentedChunks(app.db, consultationId);
      const segmentsOf = segmenter(chunks, await currentVersionLines(app.db, consultationId));
      for (const chunk of chunks.filter((each) => changed.includes(each.seq))) {
        await publishTranscript(app, userId, consultationId, chunk, segmentsOf(chunk));
      }
    });
  });
}
