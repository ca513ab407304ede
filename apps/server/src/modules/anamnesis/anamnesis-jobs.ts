import { eq } from 'drizzle-orm';
import type { LlmConfig } from '../../config';
import { anamnesisVersions } from '../../db/schema/index';
import type { LlmProvider } from '../../providers/llm/llm-provider';
import type { App } from '../../platform/services';
import { failStaleGenerations, generateAnamnesis } from './generate-anamnesis';

// Generations in flight on one instance: each mostly waits on the provider.
const GENERATION_CONCURRENCY = 8;
const MINUTE_MS = 60_000;
const SWEEP_INTERVAL_MS = 5 * MINUTE_MS;

/**
 * A generation's job runs again when still running after this long (its instance died): a whole answer and its
 * malformed retry, plus condensing a long transcript, each call bounded by LLM_TIMEOUT_SECONDS. A slower run
 * only means a second one starts meanwhile, which changes nothing: the first to finish settles the version.
 */
export function generationExpirySeconds(llm: LlmConfig): number {
  return Math.ceil((4 * llm.timeoutMs) / 1000) + 60;
}

/**
 * After this long a version still `generating` is given up as failed and refunded: the job queue retries a run
 * that met an unexpected error (the database away) for about half an hour before it stops.
 */
function staleAfterMs(llm: LlmConfig): number {
  return Math.max(60 * MINUTE_MS, 20 * llm.timeoutMs);
}

/** Queues a version's generation; queuing it again while it waits or runs adds nothing. */
export function enqueueGeneration(app: App, anamnesisId: string): Promise<void> {
  return app.jobs.send('generate-anamnesis', { anamnesisId }, { singletonKey: anamnesisId });
}

/**
 * Starts this instance's generation workers; once the app is ready, queues again every version a stopped
 * instance left `generating`, and now and then fails (with a refund) those no run will finish.
 */
export async function startGenerationJobs(app: App, llm: LlmProvider | undefined): Promise<void> {
  await app.jobs.work('generate-anamnesis', GENERATION_CONCURRENCY, (data) =>
    generateAnamnesis(app, llm, data.anamnesisId),
  );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await resumeGenerations(app);
    timer = setInterval(() => {
      failStaleGenerations(app, staleAfterMs(app.config.llm)).catch((error: unknown) =>
        app.log.error({ err: error }, 'stale anamnesis generations sweep failed'),
      );
    }, SWEEP_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/** At start-up: fails what no run will finish, and queues again every other version still `generating`. */
export async function resumeGenerations(app: App): Promise<void> {
  await failStaleGenerations(app, staleAfterMs(app.config.llm));
  const generating = await app.db
    .select({ id: anamnesisVersions.id })
    .from(anamnesisVersions)
    .where(eq(anamnesisVersions.status, 'generating'));
  for (const { id } of generating) await enqueueGeneration(app, id);
}
