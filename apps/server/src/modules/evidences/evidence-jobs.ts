import { inArray } from 'drizzle-orm';
import { evidences } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { terminateOcr } from '../../providers/documents/ocr';
import { READ_TIMEOUT_MS, readEvidence } from './read-evidence';
import { deletedFolder } from './remove-deleted-files';

/** A `read-evidence` job is taken as lost (its instance died) once it has run this long: past the reading's own deadline. */
export const READ_EVIDENCE_EXPIRY_SECONDS = READ_TIMEOUT_MS / 1000 + 5 * 60;

/** Queues an evidence's reading; queuing it again while it waits or runs adds nothing. */
export function enqueueReading(app: App, evidenceId: string): Promise<void> {
  return app.jobs.send('read-evidence', { evidenceId }, { singletonKey: evidenceId });
}

/**
 * Starts this instance's evidence workers and, once the app is listening, queues again every
 * evidence a stopped instance left pending or reading. Closing the app abandons the readings under
 * way (they run again later) and stops the OCR worker.
 */
export async function startEvidenceJobs(app: App): Promise<void> {
  const shutdown = new AbortController();
  await app.jobs.work('read-evidence', app.config.evidences.readConcurrency, ({ evidenceId }) =>
    readEvidence(app, evidenceId, shutdown.signal),
  );
  await app.jobs.work('remove-evidence-files', 1, ({ consultationId, evidenceId }) =>
    app.storage.removeFolder(deletedFolder(consultationId, evidenceId)),
  );
  app.addHook('onReady', async () => {
    const unread = await app.db
      .select({ id: evidences.id })
      .from(evidences)
      .where(inArray(evidences.status, ['pending', 'reading']));
    for (const { id } of unread) await enqueueReading(app, id);
  });
  app.addHook('onClose', async () => {
    shutdown.abort();
    await terminateOcr();
  });
}
