import { and, eq } from 'drizzle-orm';
import { transcriptChunks, transcriptions } from '../../db/schema/index';
import type { SendOptions } from '../../platform/jobs/job-queue';
import type { App } from '../../platform/services';

/** Queues a chunk's transcription; queuing it again while it waits or runs adds nothing. */
export async function enqueueChunk(
  app: App,
  consultationId: string,
  seq: number,
  retry: { attempt: number; refusals?: number } = { attempt: 0 },
): Promise<void> {
  const { attempt } = retry;
  // Backoff for a provider that is down: 1, 2, 4 … s, at most a minute between tries (config/transcription.ts).
  const { firstSeconds, maxSeconds } = app.config.transcription.retryBackoff;
  await app.jobs.send(
    'transcribe-chunk',
    { consultationId, seq, ...retry },
    {
      singletonKey: chunkKey(consultationId, seq),
      startAfterSeconds: attempt && Math.min(maxSeconds, firstSeconds * 2 ** (attempt - 1)),
    },
  );
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
export async function enqueueFinish(app: App, consultationId: string): Promise<void> {
  await app.jobs.send('finish-transcript', { consultationId }, { singletonKey: consultationId });
}

/** A consultation's pending chunks run now, with its new mode: those waiting out a backoff are brought forward. */
export async function retryPendingNow(app: App, consultationId: string): Promise<void> {
  for (const { seq } of await pendingChunks(app, consultationId)) {
    await app.jobs.sendNow('transcribe-chunk', { consultationId, seq, attempt: 0 }, chunkKey(consultationId, seq));
  }
}

/**
 * After a restart: queues every pending chunk and every stopped recording not yet stored, a few hundred per
 * statement (after a long outage thousands may wait).
 */
export async function requeueTranscription(app: App): Promise<void> {
  const chunks = await pendingChunks(app);
  await app.jobs.sendMany(
    'transcribe-chunk',
    chunks.map(({ consultationId, seq }) => ({
      data: { consultationId, seq },
      singletonKey: chunkKey(consultationId, seq),
    })),
  );
  const stopping = await app.db
    .select({ consultationId: transcriptions.consultationId })
    .from(transcriptions)
    .where(eq(transcriptions.state, 'stopping'));
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
