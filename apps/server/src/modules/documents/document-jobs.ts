import type { SendOptions } from '../../platform/jobs/job-queue';
import type { App } from '../../platform/services';

/** Queues a document's generation (in the caller's transaction, if given); queuing it again while it waits adds nothing. */
export async function enqueueDocumentGeneration(
  app: App,
  documentVersionId: string,
  within?: SendOptions['within'],
): Promise<void> {
  await app.jobs.send('generate-document', { documentVersionId }, { singletonKey: documentVersionId, within });
}

/** Queues these generations again (at start-up); those still waiting are kept. */
export async function enqueueDocumentGenerations(app: App, documentVersionIds: string[]): Promise<void> {
  await app.jobs.sendMany(
    'generate-document',
    documentVersionIds.map((documentVersionId) => ({ data: { documentVersionId }, singletonKey: documentVersionId })),
  );
}
