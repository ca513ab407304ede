import type { TTranscriptSegment, TTranscriptState } from '@escriba/contract';
import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { consultations, transcriptChunks, transcriptions, type StoredSegment } from '../../db/schema/index';
import type { AsrResult } from '../../providers/asr/asr-provider';
import type { JobPayloads } from '../../platform/jobs/job-names';
import type { RunningJob } from '../../platform/jobs/queue-worker';
import type { App } from '../../platform/services';
import { inTransaction, type Tx } from '../../platform/transaction';
import { cleanSegments } from './audio/clean-segments';
import { describeChunk } from './chunk-timeline';
import { publishChunkFailed, publishTranscript } from './transcript-messages';
import { enqueueRolePass } from './transcription-jobs';
import { readSegmentedChunks, segmentedColumns, segmenter, type SegmentedChunk } from './transcript-segments';
import { currentVersionLines } from './transcript-versions';

export type ChunkJob = JobPayloads['transcribe-chunk'];

/** Why a chunk cannot be transcribed; its length is unknown when its audio could not be decoded. */
export interface ChunkFailure {
  duration: number | null;
  reason: string;
  /** Its stored audio is gone: the chunk no longer points at it. */
  isAudioGone?: boolean;
}

// Who said what is labelled from the content every few chunks while recording (and once more at the stop).
const ROLE_PASS_EVERY_CHUNKS = 3;

type ChunkRow = typeof transcriptChunks.$inferSelect;

/** A done chunk's text, or why it failed; a failed chunk whose audio is gone stops pointing at it. */
type ChunkOutcome =
  | (Pick<ChunkRow, 'duration' | 'segments' | 'text'> & { status: 'done' })
  | (Pick<ChunkRow, 'duration' | 'failure'> & { status: 'failed'; isAudioGone?: boolean });

/** Stores the chunk's text; answers the transcription's state, seen under its lock. */
export function storeResult(app: App, job: ChunkJob, duration: number, result: AsrResult): Promise<Settled> {
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
export function failChunk(app: App, job: ChunkJob, { duration, reason, isAudioGone }: ChunkFailure): Promise<Settled> {
  return settleChunk(app, job, {
    status: 'failed',
    duration,
    failure: reason,
    isAudioGone,
  });
}

/** A settled chunk, placed in the recording, to be sent once its settling commits. */
export interface Announcement {
  userId: string;
  chunk: SegmentedChunk;
  segments: TTranscriptSegment[];
  /** A failed chunk's audio is still stored. */
  isAudioKept: boolean;
}

/** What settling found: the transcription's state, and the chunk to announce (none when settled before). */
export interface Settled {
  state: TTranscriptState | undefined;
  announcement: Announcement | undefined;
}

/** A chunk no longer pending: its state, and its message if the run that settled it died before sending it. */
export function settledBefore(app: App, job: ChunkJob): Promise<Settled> {
  return inTransaction(app, async (tx) => {
    const [row] = await transcriptionOf(tx, job.consultationId).for('update', { of: transcriptions });
    if (!row) return { state: undefined, announcement: undefined };
    return { state: row.state, announcement: await unannouncedChunk(tx, job, row.userId) };
  });
}

/**
 * Moves a pending chunk to its outcome and prepares its live message: where it starts (the chunks before it, summed
 * by the database) and, for a diarizing provider's voices, their roles. One statement, which takes the
 * transcription's lock first, ordering it against the stop and the finish of the transcript; every third chunk
 * it is a transaction that also queues the pass labelling who spoke.
 */
async function settleChunk(app: App, job: ChunkJob, outcome: ChunkOutcome): Promise<Settled> {
  const isRolePassDue =
    outcome.status === 'done' && (job.seq + 1) % ROLE_PASS_EVERY_CHUNKS === 0 && app.providers.llm !== undefined;
  const settled = isRolePassDue
    ? await inTransaction(app, async (tx, afterCommit) => {
        const updated = await updateChunk(tx, job, outcome);
        if (updated) await enqueueRolePass(app, job.consultationId, { tx, afterCommit });
        return updated;
      })
    : await updateChunk(app.db, job, outcome);
  // Not pending any more (a run before this one settled it), or its consultation is gone.
  if (!settled) return settledBefore(app, job);
  const { audioKey, start, state, userId, ...columns } = settled;
  const chunk = { ...columns, start, end: start + (columns.duration ?? 0) };
  const isDiarized = settled.segments?.some((segment) => segment.speakerId !== undefined) ?? false;
  // Voices take roles in the order first heard: only a diarized chunk needs the chunks before it.
  const earlier = isDiarized ? await readSegmentedChunks(app.db, job.consultationId) : [chunk];
  // A chunk just settled is newer than every stored version: no correction has touched its lines.
  const segments = segmenter(earlier, null)(chunk);
  return { state, announcement: { userId, chunk, segments, isAudioKept: audioKey !== null } };
}

/** The pending chunk's outcome stored, under the transcription's lock; undefined when it is not pending. */
async function updateChunk(db: Database, job: ChunkJob, outcome: ChunkOutcome) {
  const isDone = outcome.status === 'done';
  const [settled] = await chunkSettlement(db).execute({
    consultationId: job.consultationId,
    seq: job.seq,
    status: outcome.status,
    duration: outcome.duration,
    segments: isDone && outcome.segments ? JSON.stringify(outcome.segments) : null,
    text: isDone ? outcome.text : null,
    failure: isDone ? null : outcome.failure,
    isAudioGone: !isDone && outcome.isAudioGone === true,
  });
  return settled;
}

// Sets every column an outcome may: a done chunk's failure and a failed chunk's text stay null, as when pending.
// Values go in as they are sent (a placeholder skips the column's encoding): the segments as JSON text.
const chunkSettlement = perDatabase((db) => {
  const value = (name: string) => sql`${sql.placeholder(name)}`;
  const locked = db
    .$with('locked')
    .as(transcriptionOf(db, chunkPlaceholders.consultationId).for('update', { of: transcriptions }));
  return db
    .with(locked)
    .update(transcriptChunks)
    .set({
      status: value('status'),
      duration: value('duration'),
      segments: sql`${sql.placeholder('segments')}::jsonb`,
      text: value('text'),
      failure: value('failure'),
      audioKey: sql`case when ${sql.placeholder('isAudioGone')} then null else ${transcriptChunks.audioKey} end`,
      isAnnounced: false,
      transcribedAt: sql`now()`,
    })
    .from(locked)
    .where(and(chunkKey(chunkPlaceholders), eq(transcriptChunks.status, 'pending')))
    .returning({
      ...segmentedColumns,
      audioKey: transcriptChunks.audioKey,
      start: startOf(chunkPlaceholders),
      state: locked.state,
      userId: locked.userId,
    })
    .prepare('settle-chunk');
});

/** The chunk's transcription: its state and its professional (read under its lock by the callers). */
function transcriptionOf(db: Database, consultationId: string | Placeholder) {
  return db
    .select({ state: transcriptions.state, userId: consultations.userId })
    .from(transcriptions)
    .innerJoin(consultations, eq(consultations.id, transcriptions.consultationId))
    .where(eq(transcriptions.consultationId, consultationId));
}

/**
 * Sends a settled chunk's live message (its text, or why it is missing), then marks it sent, completing its job in
 * that statement: after the commit, so nothing is shown that was not stored. A run that died in between sends it
 * on its retry, so the message goes out at least once; the transcript's `end` waits for it (finish-transcript.ts).
 */
export async function announceChunk(
  app: App,
  job: ChunkJob,
  { userId, chunk, segments, isAudioKept }: Announcement,
  running: RunningJob,
): Promise<void> {
  if (chunk.status === 'done') {
    await publishTranscript(app, userId, job.consultationId, chunk, segments);
  } else {
    const { start } = chunk;
    const end = chunk.duration === null ? null : chunk.end;
    await publishChunkFailed(app, userId, {
      consultationId: job.consultationId,
      seq: job.seq,
      start,
      end,
      detail: `Não foi possível transcrever o ${describeChunk({ seq: job.seq, start, end })}: ${chunk.failure}.${isAudioKept ? ' O áudio desse trecho fica guardado.' : ''}`,
    });
  }
  await running.completeAlong((completion) =>
    app.db.execute(sql`WITH completed AS (${completion})
        UPDATE ${transcriptChunks} SET ${sql.identifier(transcriptChunks.isAnnounced.name)} = true WHERE ${chunkKey(job)}`),
  );
}

/** A chunk settled by a run that died before announcing it, read back to be announced now. */
async function unannouncedChunk(tx: Tx, job: ChunkJob, userId: string): Promise<Announcement | undefined> {
  const [row] = await tx
    .select({
      isAnnounced: transcriptChunks.isAnnounced,
      status: transcriptChunks.status,
      audioKey: transcriptChunks.audioKey,
    })
    .from(transcriptChunks)
    .where(chunkKey(job));
  if (!row || row.isAnnounced || row.status === 'pending') return undefined;
  const chunks = await readSegmentedChunks(tx, job.consultationId);
  const chunk = chunks.find((each) => each.seq === job.seq)!;
  const segments = segmenter(chunks, await currentVersionLines(tx, job.consultationId))(chunk);
  return { userId, chunk, segments, isAudioKept: row.audioKey !== null };
}

/** The chunk's start as an expression, so the statement that settles it can return it too. */
function startOf(job: Parameters<typeof chunkKey>[0]) {
  return sql<number>`(select (coalesce(sum(earlier.duration) filter (where earlier.seq < ${job.seq}), 0)
      + coalesce(sum(earlier.silence_before), 0))::float8
    from ${transcriptChunks} as earlier where earlier.consultation_id = ${job.consultationId} and earlier.seq <= ${job.seq})`;
}

/** A prepared statement's chunk: its values given at each run. */
export const chunkPlaceholders = { consultationId: sql.placeholder('consultationId'), seq: sql.placeholder('seq') };

/** The condition that selects one chunk (values or placeholders). */
export function chunkKey(job: { consultationId: string | Placeholder; seq: number | Placeholder }) {
  return and(eq(transcriptChunks.consultationId, job.consultationId), eq(transcriptChunks.seq, job.seq));
}
