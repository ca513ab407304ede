import { eq } from 'drizzle-orm';
import type { LlmConfig } from '../../config';
import { anamnesisVersions } from '../../db/schema/index';
import type { JobHandlers } from '../../platform/jobs/job-registry';
import type { App } from '../../platform/services';
import { failStaleGenerations, generateAnamnesis } from './generate-anamnesis';

// Generations in flight on one instance: each mostly waits on the provider.
const GENERATION_CONCURRENCY = 8;
const MINUTE_MS = 60_000;
const SWEEP_INTERVAL_MS = 5 * MINUTE_MS;

/**
 * After this long a version still `generating` is given up as failed and refunded: the job queue retries a run
 * that met an unexpected error (the database away) for about half an hour before it stops.
 */
function staleAfterMs(llm: LlmConfig): number {
  return Math.max(60 * MINUTE_MS, 20 * llm.timeoutMs);
}

/** The generation queue's handler. */
export function anamnesisJobHandlers(app: App): Pick<JobHandlers, 'generate-anamnesis'> {
  return {
    'generate-anamnesis': {
      concurrency: GENERATION_CONCURRENCY,
      handle: ({ anamnesisId }) => generateAnamnesis(app, anamnesisId),
    },
  };
}

/** At start-up: fails what no run will finish, and queues again every other version still `generating`. */
export async function resumeGenerations(app: App): Promise<void> {
  await failStaleGenerations(app, staleAfterMs(app.config.llm));
  const generating = await app.db
    .select({ id: anamnesisVersions.id })
    .from(anamnesisVersions)
    .where(eq(anamnesisVersions.status, 'generating'));
  await app.jobs.sendMany(
    'generate-anamnesis',
    generating.map(({ id }) => ({ data: { anamnesisId: id }, singletonKey: id })),
  );
}

/** Now and then, fails (with a refund) the versions no run will finish; answers how to stop it. */
export function sweepStaleGenerations(app: App): () => void {
  const timer = setInterval(() => {
    failStaleGenerations(app, staleAfterMs(app.config.llm)).catch((error: unknown) =>
      app.log.error({ err: error }, 'stale anamnesis generations sweep failed'),
    );
  }, SWEEP_INTERVAL_MS).unref();
  return () => clearInterval(timer);
}
