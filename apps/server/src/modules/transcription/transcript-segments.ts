import type { TSpeaker, TTranscriptSegment } from '@escriba/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { transcriptChunks, type StoredSegment, type StoredTranscriptLine } from '../../db/schema/index';
import { failedChunkMarker, placeChunks, timelineColumns, type PlacedChunk } from './chunk-timeline';

/** A chunk in its place in the recording, with the provider's segments. */
export type SegmentedChunk = PlacedChunk<{
  seq: number;
  status: 'pending' | 'done' | 'failed';
  duration: number | null;
  text: string | null;
  failure: string | null;
  segments: StoredSegment[] | null;
}>;

// A diarizing provider names voices, not roles: they take roles in the order they are first heard (the
// professional usually opens the visit), the same for the whole consultation; a fourth voice and later are unknown.
const VOICE_ORDER: TSpeaker[] = ['profissional', 'paciente', 'acompanhante'];

/** The columns a chunk's place, text and segments are read from. */
export const segmentedColumns = {
  ...timelineColumns,
  segments: transcriptChunks.segments,
};

/** The consultation's chunks in seq order, each with its times and segments. */
export async function readSegmentedChunks(db: Database, consultationId: string): Promise<SegmentedChunk[]> {
  return placeChunks(
    await db
      .select(segmentedColumns)
      .from(transcriptChunks)
      .where(eq(transcriptChunks.consultationId, consultationId))
      .orderBy(asc(transcriptChunks.seq)),
  );
}

/** The role of each voice a diarizing provider named, in the order the voices are first heard. */
export function voiceRoles(chunks: readonly SegmentedChunk[]): Map<string, TSpeaker> {
  const roles = new Map<string, TSpeaker>();
  for (const chunk of chunks) {
    for (const { speakerId } of chunk.status === 'done' ? (chunk.segments ?? []) : []) {
      if (speakerId !== undefined && !roles.has(speakerId))
        roles.set(speakerId, VOICE_ORDER[roles.size] ?? 'desconhecido');
    }
  }
  return roles;
}

/**
 * How the transcript shows a chunk: its segments with their own times (within the chunk), text and speaker, a version's lines winning
 * (the professional's text and speaker); a line of a version stored before segments were kept stands for the whole
 * chunk, its speaker unknown unless she set it. A transcribed chunk without words is one empty segment; a failed
 * chunk has none.
 */
export function segmenter(
  chunks: readonly SegmentedChunk[],
  lines: readonly StoredTranscriptLine[] | null,
): (chunk: SegmentedChunk) => TTranscriptSegment[] {
  const roles = voiceRoles(chunks);
  const linesBySeq = new Map<number, StoredTranscriptLine[]>();
  for (const line of lines ?? []) linesBySeq.set(line.seq, [...(linesBySeq.get(line.seq) ?? []), line]);
  return (chunk) => {
    if (chunk.status !== 'done') return [];
    const { seq, start, end } = chunk;
    const chunkLines = linesBySeq.get(seq) ?? [];
    const whole = chunkLines.find((line) => line.index === undefined);
    if (whole) return [{ seq, index: 0, start, end, text: whole.text, speaker: whole.speaker ?? 'desconhecido' }];
    const segments = chunk.segments ?? [];
    if (segments.length === 0) return [{ seq, index: 0, start, end, text: chunk.text ?? '', speaker: 'desconhecido' }];
    const offset = (seconds: number) => start + Math.min(Math.max(seconds, 0), end - start);
    return segments.map((segment, index) => {
      const line = chunkLines.find((each) => each.index === index);
      const isLast = index === segments.length - 1;
      return {
        seq,
        index,
        start: offset(segment.start),
        // The last runs to the chunk's end: the segments cover the recording up to where it was (the recorder's clock).
        end: isLast ? end : offset(Math.max(segment.end, segment.start)),
        text: line?.text ?? segment.text,
        speaker: line?.speaker ?? automaticSpeaker(segment, roles),
      };
    });
  };
}

function automaticSpeaker(segment: StoredSegment, roles: Map<string, TSpeaker>): TSpeaker {
  if (segment.speakerId !== undefined) return roles.get(segment.speakerId) ?? 'desconhecido';
  return segment.speaker ?? 'desconhecido';
}

/**
 * A new transcript version's lines for chunks just recorded: one per segment with words, and in a failed chunk's
 * place a marker, so the reader sees that part of the consultation is missing from the text.
 */
export function segmentLines(chunks: readonly SegmentedChunk[]): StoredTranscriptLine[] {
  return chunks.flatMap((chunk): StoredTranscriptLine[] => {
    if (chunk.status === 'failed') return [{ seq: chunk.seq, index: 0, text: failedChunkMarker(chunk) }];
    if (chunk.status !== 'done') return [];
    if (!chunk.segments) return chunk.text ? [{ seq: chunk.seq, text: chunk.text }] : [];
    return chunk.segments.flatMap((segment, index) =>
      segment.text ? [{ seq: chunk.seq, index, text: segment.text }] : [],
    );
  });
}
