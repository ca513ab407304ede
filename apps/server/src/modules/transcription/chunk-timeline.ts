import type { TFailedChunk } from '@escriba/contract';
import { transcriptChunks, type StoredTranscriptLine } from '../../db/schema/index';

/** The columns a chunk's place in the recording and its text are read from. */
export const timelineColumns = {
  seq: transcriptChunks.seq,
  status: transcriptChunks.status,
  duration: transcriptChunks.duration,
  silenceBefore: transcriptChunks.silenceBefore,
  text: transcriptChunks.text,
  failure: transcriptChunks.failure,
};

interface TimelineChunk {
  seq: number;
  status: 'pending' | 'done' | 'failed';
  duration: number | null;
  /** Silence the recorder heard and did not send just before the chunk (issue 34); none when absent. */
  silenceBefore?: number;
  text: string | null;
  failure: string | null;
}

export type PlacedChunk<T extends TimelineChunk> = T & { start: number; end: number };

/**
 * Chunks (in seq order) with their times from the start of the recording: each starts where the
 * ones before it end, after the silence the recorder did not send; a chunk not yet decoded counts as zero seconds.
 * The rows are given their times in place: copying 720 query rows by spread took a partial transcript's read 1.2 ms.
 */
export function placeChunks<T extends TimelineChunk>(chunks: T[]): PlacedChunk<T>[] {
  let offset = 0;
  return chunks.map((chunk) => {
    offset += chunk.silenceBefore ?? 0;
    const start = offset;
    offset += chunk.duration ?? 0;
    return Object.assign(chunk, { start, end: offset });
  });
}

/** A failed chunk as the partial transcript reports it; its end is unknown when it could not be decoded. */
export function toFailedChunk(chunk: PlacedChunk<TimelineChunk>): TFailedChunk {
  return {
    seq: chunk.seq,
    start: chunk.start,
    end: chunk.duration === null ? null : chunk.end,
    reason: chunk.failure ?? '',
  };
}

/** Names a part of the recording for the professional: "trecho 3 (00:21–00:28)". */
export function describeChunk({ seq, start, end }: Pick<TFailedChunk, 'seq' | 'start' | 'end'>): string {
  return end === null
    ? `trecho ${seq} (a partir de ${toClock(start)})`
    : `trecho ${seq} (${toClock(start)}–${toClock(end)})`;
}

/**
 * The transcript's lines: each transcribed chunk's text, and in a failed chunk's place a marker, so
 * the reader sees that part of the consultation is missing from the text.
 */
export function transcriptLines(chunks: PlacedChunk<TimelineChunk>[]): StoredTranscriptLine[] {
  return chunks
    .map((chunk) => ({
      seq: chunk.seq,
      text: chunk.status === 'failed' ? failedChunkMarker(chunk) : (chunk.text ?? ''),
    }))
    .filter((line) => line.text);
}

/** Marks a failed chunk's place in the transcript: "[trecho 3 (00:21–00:28) não transcrito]". */
export function failedChunkMarker(chunk: PlacedChunk<TimelineChunk>): string {
  return `[${describeChunk(toFailedChunk(chunk))} não transcrito]`;
}

/**
 * The lines of a transcript version stored before lines were kept with it (migration 0018), placed on the
 * recorded ones: line by line while their numbers agree (a word corrected stays in its line), or the first
 * ones when recording went on after it and they are as recorded; null once a correction changed the lines.
 */
export function placeUnlinedText(text: string, recorded: StoredTranscriptLine[]): StoredTranscriptLine[] | null {
  const lines = text.split('\n').filter((line) => line.trim());
  const isPrefix = lines.length < recorded.length && lines.every((line, index) => line === recorded[index]!.text);
  if (lines.length !== recorded.length && !isPrefix) return null;
  return lines.map((line, index) => ({ seq: recorded[index]!.seq, text: line }));
}

/** The text of a transcript's lines, one a line. */
export function joinLines(lines: { text: string }[]): string {
  return lines.map((line) => line.text).join('\n');
}

/** 75.4 → "01:15"; 3725 → "1:02:05". */
export function toClock(seconds: number): string {
  const whole = Math.floor(seconds);
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60];
  const mmss = `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}
