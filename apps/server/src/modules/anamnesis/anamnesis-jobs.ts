import type { LlmConfig } from '../../config';
import type { SendOptions } from '../../platform/jobs/job-queue';
import type { App } from '../../platform/services';

/**
 * A generation's job runs again when still running after this long (hung): a whole answer and its malformed
 * retry, plus condensing a long transcript, each call bounded by LLM_TIMEOUT_SECONDS. A slower run only means
 * a second one starts meanwhile, which changes nothing: the first to finish settles the version.
 */
export function generationExpirySeconds(llm: LlmConfig): number {
  return Math.ceil((4 * llm.timeoutMs) / 1000) + 60;
}

/** Queues a version's generation (in the caller's transaction, if given); queuing it again while it waits adds nothing. */
export async function enqueueGeneration(app: App, anamnesisId: string, within?: SendOptions['within']): Promise<void> {
  await app.jobs.send('generate-anamnesis', { anamnesisId }, { singletonKey: anamnesisId, within });
}
