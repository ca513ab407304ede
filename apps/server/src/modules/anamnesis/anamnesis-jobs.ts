import type { SendOptions } from '../../platform/jobs/job-queue';
import type { App } from '../../platform/services';

/** Queues a version's generation (in the caller's transaction, if given); queuing it again while it waits adds nothing. */
export async function enqueueGeneration(app: App, anamnesisId: string, within?: SendOptions['within']): Promise<void> {
  await app.jobs.send('generate-anamnesis', { anamnesisId }, { singletonKey: anamnesisId, within });
}

/** Queues these versions' generations again (at start-up); those still waiting are kept. */
export async function enqueueGenerations(app: App, anamnesisIds: string[]): Promise<void> {
  await app.jobs.sendMany(
    'generate-anamnesis',
    anamnesisIds.map((anamnesisId) => ({ data: { anamnesisId }, singletonKey: anamnesisId })),
  );
}
