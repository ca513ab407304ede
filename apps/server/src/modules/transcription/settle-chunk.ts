import type { TTranscriptState } from '@escriba/contract';
import { and, eq } from 'drizzle-orm';
import { transcriptChunks, transcriptions, type StoredSegment } from '../../db/schema/index';
import type { AsrResult } from '../../providers/asr/asr-provider';
import type { App } from '../../platform/services';
import { cleanSegments } from './audio/clean-segments';
import { describeChunk } from './chunk-timeline';
import { publishChunkFailed, publishTranscript } from './transcript-messages';
import { readSegmentedChunks, segmenter } from './transcript-segments';
import { currentVersionLines } from './transcript-versions';

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
  /** Its stored audio is gone: the chunk no longer points at it. */
  isAudioGone?: boolean;
}

type ChunkOutcome = Pick<
  typeof transcriptChunks.$inferInsert,
  'status' | 'duration' | 'segments' | 'text' | 'failure' | 'audioKey'
>;

/** Stores the chunk's text; answers the transcription's state, seen under its lock. */
export function storeResult(
  app: App,
  job: ChunkJob,
  duration: number,
  result: AsrResult,
): Promise<TTranscriptState | undefined> {
  const segments: StoredSegment[] = cleanSegments(result.segments).map(({ start, end, text, speaker }) => ({
    start,
    end,
    text,
    ...(speaker !== undefined && { speakerId: speaker }),
  }));
  const text = segments.map((segment) => segment.text).join(' ');
  return settleChunk(app, job, { status: 'done', duration, segments, text });
}

/**
 * Gives up on a chunk whose audio cannot be transcribed, so a stopped recording still ends; its audio
 * is kept (if there is any), and the stored transcript marks which part of the consultation is missing.
 */
export function failChunk(
  app: App,
  job: ChunkJob,
  { duration, reason, isAudioGone }: ChunkFailure,
): Promise<TTranscriptState | undefined> {
  return settleChunk(app, job, {
    status: 'failed',
    duration,
    failure: reason,
    ...(isAudioGone && { audioKey: null }),
  });
}

/** Moves a pending chunk to its outcome, to be announced once committed (announceChunk). */
function settleChunk(app: App, job: ChunkJob, outcome: ChunkOutcome): Promise<TTranscriptState | undefined> {
  return app.db.transaction(async (tx) => {
    // The transcription's lock orders this against the stop and the finish of the transcript.
    const [transcription] = await tx
      .select({ state: transcriptions.state })
      .from(transcriptions)
      .where(eq(transcriptions.consultationId, job.consultationId))
      .for('update');
    await tx
      .update(transcriptChunks)
      .set({ ...outcome, isAnnounced: false, transcribedAt: new Date() })
      .where(
        and(
          eq(transcriptChunks.consultationId, job.consultationId),
          eq(transcriptChunks.seq, job.seq),
          eq(transcriptChunks.status, 'pending'),
        ),
      );
    return transcription?.state;
  });
}

/**
 * Sends a settled chunk's live message (its text, or why it is missing), then marks it sent: after the
 * commit, so nothing is shown that was not stored. A run that died in between sends it on its retry, so
 * the message goes out at least once; the transcript's `end` waits for it (finish-transcript.ts).
 */
export async function announceChunk(app: App, userId: string, job: ChunkJob): Promise<void> {
  const where = and(eq(transcriptChunks.consultationId, job.consultationId), eq(transcriptChunks.seq, job.seq));
  const [row] = await app.db
    .select({
      isAnnounced: transcriptChunks.isAnnounced,
      status: transcriptChunks.status,
      audioKey: transcriptChunks.audioKey,
    })
    .from(transcriptChunks)
    .where(where);
  if (!row || row.isAnnounced || row.status === 'pending') return;
  const chunks = await readSegmentedChunks(app.db, job.consultationId);
  const chunk = chunks.find((each) => each.seq === job.seq)!;
  if (chunk.status === 'done') {
    const segmentsOf = segmenter(chunks, await currentVersionLines(app.db, job.consultationId));
    await publishTranscript(app, userId, job.consultationId, chunk, segmentsOf(chunk));
  } else {
    const { start } = chunk;
    const end = chunk.duration === null ? null : chunk.end;
    await publishChunkFailed(app, userId, {
      consultationId: job.consultationId,
      seq: job.seq,
      start,
      end,
      detail: `Não foi possível transcrever o ${describeChunk({ seq: job.seq, start, end })}: ${chunk.failure}.${row.audioKey ? ' O áudio desse trecho fica guardado.' : ''}`,
    });
  }
  await app.db.update(transcriptChunks).set({ isAnnounced: true }).where(where);
}
