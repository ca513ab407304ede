import { and, asc, eq, sql } from 'drizzle-orm';
import { transcriptChunks, transcriptions } from '../../db/schema/index';
import type { SendOptions } from '../../platform/jobs/job-queue';
import { hasNoLiveJob, SWEEP_BATCH } from '../../platform/jobs/orphaned-work';
import type { App } from '../../platform/services';
import type { ChunkJob } from './settle-chunk';

/**
 * Queues a chunk's transcription (in `within`, with the chunk's row); queuing it again while it waits or runs adds
 * nothing. A retry (`attempt` > 0) waits out its backoff.
 */
export async function enqueueChunk(app: App, job: ChunkJob, within?: SendOptions['within']): Promise<void> {
  const attempt = job.attempt ?? 0;
  // Backoff for a provider that is down: 1, 2, 4 … s, at most a minute between tries (config/transcription.ts).
  const { firstSeconds, maxSeconds } = app.config.transcription.retryBackoff;
  await app.jobs.send('transcribe-chunk', job, {
    singletonKey: chunkKey(job.consultationId, job.seq),
    startAfterSeconds: attempt && Math.min(maxSeconds, firstSeconds * 2 ** (attempt - 1)),
    within,
  });
}

/**
 * Queues the pass that labels who said the segments no provider voice labels (`label-speakers`), when a chat model
 * is configured; queuing it again while it waits adds nothing.
 */
export async function enqueueRolePass(app: App, consultationId: string, within?: SendOptions['within']): Promise<void> {
  if (!app.providers.llm) return;
  await app.jobs.send('label-speakers', { consultationId }, { singletonKey: consultationId, within });
}

/** Queues the check that stores a stopped recording's transcript once its chunks are all done. */
export async function enqueueFinish(app: App, consultationId: string, within: SendOptions['within']): Promise<void> {
  await app.jobs.send('finish-transcript', { consultationId }, { singletonKey: consultationId, within });
}

/** A consultation's pending chunks run now, with its new mode: those waiting out a backoff are brought forward. */
export async function retryPendingNow(app: App, consultationId: string): Promise<void> {
  for (const { seq } of await pendingChunks(app, consultationId)) {
    await app.jobs.sendNow('transcribe-chunk', { consultationId, seq, attempt: 0 }, chunkKey(consultationId, seq));
  }
}

/**
 * The consistency sweep's part: pending chunks and stopped recordings not yet stored whose job gave up or was lost,
 * the oldest first, a bounded batch at a time.
 */
export async function queueOrphanedTranscription(app: App): Promise<void> {
  const chunks = await app.db
    .select({
      consultationId: transcriptChunks.consultationId,
      seq: transcriptChunks.seq,
      audioKey: transcriptChunks.audioKey,
    })
    .from(transcriptChunks)
    .where(
      and(
        eq(transcriptChunks.status, 'pending'),
        hasNoLiveJob(
          'transcribe-chunk',
          sql`${transcriptChunks.consultationId}::text || ':' || ${transcriptChunks.seq}`,
        ),
      ),
    )
    .orderBy(asc(transcriptChunks.createdAt))
    .limit(SWEEP_BATCH);
  await app.jobs.sendMany(
    'transcribe-chunk',
    chunks.map(({ consultationId, seq, audioKey }) => ({
      data: { consultationId, seq, ...(audioKey && { audioKey }) },
      singletonKey: chunkKey(consultationId, seq),
    })),
  );
  const stopping = await app.db
    .select({ consultationId: transcriptions.consultationId })
    .from(transcriptions)
    .where(
      and(
        eq(transcriptions.state, 'stopping'),
        hasNoLiveJob('finish-transcript', sql`${transcriptions.consultationId}::text`),
      ),
    )
    .limit(SWEEP_BATCH);
  await app.jobs.sendMany(
    'finish-transcript',
    stopping.map(({ consultationId }) => ({ data: { consultationId }, singletonKey: consultationId })),
  );
}

function pendingChunks(app: App, consultationId?: string): Promise<{ consultationId: string; seq: number }[]> {
  const isPending = eq(transcriptChunks.status, 'pending');
  return app.db
    .select({ consultationId: transcriptChunks.consultationId, seq: transcriptChunks.seq })
    .from(transcriptChunks)
    .where(consultationId ? and(isPending, eq(transcriptChunks.consultationId, consultationId)) : isPending);
}

function chunkKey(consultationId: string, seq: number): string {
  return `${consultationId}:${seq}`;
}
