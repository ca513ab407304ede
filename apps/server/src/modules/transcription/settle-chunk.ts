import type { TTranscriptState } from '@escriba/contract';
import { and, eq, lt, sum } from 'drizzle-orm';
import { transcriptChunks, transcriptions, type StoredSegment } from '../../db/schema/index';
import type { AsrResult } from '../../providers/asr/asr-provider';
import type { App } from '../../platform/services';
import { cleanSegments } from './audio/clean-segments';
import { describeChunk } from './chunk-timeline';
import { publishChunkFailed, publishTranscript } from './transcript-messages';

export interface ChunkJob {
  consultationId: string;
  seq: number;
  attempt?: number;
  refusals?: number;
}

/** Why a chunk cannot be transcribed; its length is unknown when its audio could not be decoded. */
export interface ChunkFailure {
  duration: number | null;
  reason: string;
}

type ChunkOutcome = Pick<typeof transcriptChunks.$inferInsert, 'status' | 'duration' | 'segments' | 'text' | 'failure'>;

/** Stores the chunk's text and sends its message; answers the transcription's state, seen under its lock. */
export function storeResult(
  app: App,
  userId: string,
  job: ChunkJob,
  duration: number,
  result: AsrResult,
): Promise<TTranscriptState | undefined> {
  const segments: StoredSegment[] = cleanSegments(result.segments).map(({ start, end, text }) => ({
    start,
    end,
    text,
  }));
  const text = segments.map((segment) => segment.text).join(' ');
  return settleChunk(app, job, { status: 'done', duration, segments, text }, (start) =>
    publishTranscript(app, userId, {
      consultation_id: job.consultationId,
      seq: job.seq,
      start,
      end: start + duration,
      text,
    }),
  );
}

/**
 * Gives up on a chunk whose audio cannot be transcribed, so a stopped recording still ends; its audio
 * is kept, and the professional is told which part of the consultation is missing from the text.
 */
export function failChunk(
  app: App,
  userId: string,
  job: ChunkJob,
  { duration, reason }: ChunkFailure,
): Promise<TTranscriptState | undefined> {
  return settleChunk(app, job, { status: 'failed', duration, failure: reason }, (start) => {
    const end = duration === null ? null : start + duration;
    return publishChunkFailed(app, userId, {
      consultationId: job.consultationId,
      seq: job.seq,
      start,
      end,
      detail: `Não foi possível transcrever o ${describeChunk({ seq: job.seq, start, end })}: ${reason}. O áudio desse trecho fica guardado.`,
    });
  });
}

/** Moves a pending chunk to its outcome and announces it; only the run that moves it announces. */
function settleChunk(
  app: App,
  job: ChunkJob,
  outcome: ChunkOutcome,
  announce: (start: number) => Promise<void>,
): Promise<TTranscriptState | undefined> {
  return app.db.transaction(async (tx) => {
    // The transcription's lock orders this chunk's message before the `end` that finishTranscript sends.
    const [transcription] = await tx
      .select({ state: transcriptions.state })
      .from(transcriptions)
      .where(eq(transcriptions.consultationId, job.consultationId))
      .for('update');
    const [updated] = await tx
      .update(transcriptChunks)
      .set({ ...outcome, transcribedAt: new Date() })
      .where(
        and(
          eq(transcriptChunks.consultationId, job.consultationId),
          eq(transcriptChunks.seq, job.seq),
          eq(transcriptChunks.status, 'pending'),
        ),
      )
      .returning({ seq: transcriptChunks.seq });
    if (!updated) return transcription?.state;
    const [before] = await tx
      .select({ seconds: sum(transcriptChunks.duration).mapWith(Number) })
      .from(transcriptChunks)
      .where(and(eq(transcriptChunks.consultationId, job.consultationId), lt(transcriptChunks.seq, job.seq)));
    await announce(before?.seconds ?? 0);
    return transcription?.state;
  });
}
