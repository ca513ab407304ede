import type { LlmConfig } from '../../config';
import type { App } from '../../platform/services';
import {
  failStaleGenerations,
  queueOrphanedGenerations,
  type GenerationRow,
  type GenerationSettling,
} from './generation-run';

// Generations in flight on one instance, per queue: each mostly waits on the provider.
export const GENERATION_CONCURRENCY = 8;
const MINUTE_MS = 60_000;

/**
 * A generation's job runs again when still running after this long (hung): a whole answer and its malformed
 * retry, plus condensing a long transcript, each call bounded by LLM_TIMEOUT_SECONDS. A slower run only means
 * a second one starts meanwhile, which changes nothing: the first to finish settles the generation.
 */
export function generationExpirySeconds(llm: LlmConfig): number {
  return Math.ceil((4 * llm.timeoutMs) / 1000) + 60;
}

/**
 * After this long a generation still `generating` is given up as failed and refunded: the job queue retries a run
 * that met an unexpected error (the database away) for about half an hour before it stops.
 */
function staleAfterMs(llm: LlmConfig): number {
  return Math.max(60 * MINUTE_MS, 20 * llm.timeoutMs);
}

/** The consistency sweep's part: fails (with a refund) what no run will finish, and queues what lost its job. */
export async function sweepGenerations<Row extends GenerationRow>(
  app: App,
  kind: GenerationSettling<Row>,
): Promise<void> {
  await failStaleGenerations(app, kind, staleAfterMs(app.config.llm));
  await queueOrphanedGenerations(app, kind);
}
