import { and, asc, inArray, sql } from 'drizzle-orm';
import { evidences } from '../../db/schema/index';
import type { JobHandlers } from '../../platform/jobs/job-registry';
import { hasNoLiveJob, SWEEP_BATCH } from '../../platform/jobs/orphaned-work';
import type { App } from '../../platform/services';
import { terminateOcr } from '../../providers/documents/ocr';
import { readEvidence } from './read-evidence';
import { deletedFolder } from './remove-deleted-files';

/**
 * The evidence queues' handlers. Closing the app abandons the readings under way (they are handed back and
 * run again) and stops the OCR worker.
 */
export function evidenceJobHandlers(app: App): Pick<JobHandlers, 'read-evidence' | 'remove-evidence-files'> {
  const shutdown = new AbortController();
  app.addHook('onClose', async () => {
    shutdown.abort();
    await terminateOcr();
  });
  return {
    'read-evidence': {
      concurrency: app.config.evidences.readConcurrency,
      handle: ({ evidenceId }) => readEvidence(app, evidenceId, shutdown.signal),
    },
    'remove-evidence-files': {
      concurrency: 1,
      handle: ({ consultationId, evidenceId }) => app.storage.removeFolder(deletedFolder(consultationId, evidenceId)),
    },
  };
}

/** The consistency sweep's part: evidences still to read whose job gave up or was lost, a bounded batch at a time. */
export async function queueOrphanedReading(app: App): Promise<void> {
  const unread = await app.db
    .select({ id: evidences.id })
    .from(evidences)
    .where(
      and(inArray(evidences.status, ['pending', 'reading']), hasNoLiveJob('read-evidence', sql`${evidences.id}::text`)),
    )
    .orderBy(asc(evidences.createdAt))
    .limit(SWEEP_BATCH);
  await app.jobs.sendMany(
    'read-evidence',
    unread.map(({ id }) => ({ data: { evidenceId: id }, singletonKey: id })),
  );
}
