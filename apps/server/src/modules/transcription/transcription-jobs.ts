import { and, eq } from 'drizzle-orm';
import { transcriptChunks, transcriptions } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { finishTranscript } from './finish-transcript';
import { transcribeChunk } from './transcribe-chunk';

const MAX_RETRY_DELAY_SECONDS = 60;

/** Queues a chunk's transcription; queuing it again while it waits or runs adds nothing. */
export function enqueueChunk(
  app: App,
  consultationId: string,
  seq: number,
  retry: { attempt: number; refusals?: number } = { attempt: 0 },
): Promise<void> {
  const { attempt } = retry;
  return app.jobs.send(
    'transcribe-chunk',
    { consultationId, seq, ...retry },
    // Backoff for a provider that is down: 1, 2, 4 … s, at most a minute between tries.
    {
      singletonKey: `${consultationId}:${seq}`,
      startAfterSeconds: attempt && Math.min(MAX_RETRY_DELAY_SECONDS, 2 ** (attempt - 1)),
    },
  );
}

/** Queues the check that stores a stopped recording's transcript once its chunks are all done. */
export function enqueueFinish(app: App, consultationId: string): Promise<void> {
  return app.jobs.send('finish-transcript', { consultationId }, { singletonKey: consultationId });
}

/** Queues every chunk still pending: after a restart, a new provider configuration or a new mode. */
export async function enqueuePending(app: App, consultationId?: string): Promise<void> {
  const isPending = eq(transcriptChunks.status, 'pending');
  const pending = await app.db
    .select({ consultationId: transcriptChunks.consultationId, seq: transcriptChunks.seq })
    .from(transcriptChunks)
    .where(consultationId ? and(isPending, eq(transcriptChunks.consultationId, consultationId)) : isPending);
  for (const chunk of pending) await enqueueChunk(app, chunk.consultationId, chunk.seq);
}

/**
 * Starts this instance's transcription workers and, once the app is listening, queues what a crash
 * or a missing provider left behind: pending chunks and stopped recordings not yet stored.
 */
export async function startTranscriptionJobs(app: App): Promise<void> {
  const { concurrency } = app.config.transcription;
  await app.jobs.work('transcribe-chunk', concurrency, (data) => transcribeChunk(app, data));
  await app.jobs.work('finish-transcript', 1, (data) => finishTranscript(app, data.consultationId));
  app.addHook('onReady', async () => {
    await enqueuePending(app);
    const stopping = await app.db
      .select({ consultationId: transcriptions.consultationId })
      .from(transcriptions)
      .where(eq(transcriptions.state, 'stopping'));
    for (const { consultationId } of stopping) await enqueueFinish(app, consultationId);
  });
}
