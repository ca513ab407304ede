import { STYLE_LEARNING_EDITS } from '@escriba/contract';
import { and, not, sql } from 'drizzle-orm';
import { styleEditPairs } from '../../db/schema/index';
import type { JobHandlers } from '../../platform/jobs/job-registry';
import { hasNoLiveJob, SWEEP_BATCH } from '../../platform/jobs/orphaned-work';
import type { App } from '../../platform/services';
import { learnStyle } from './learn-style';

/** The preferences' queue handler: a short answer each, a few at once. */
export function styleJobHandlers(app: App): Pick<JobHandlers, 'learn-style'> {
  return { 'learn-style': { concurrency: 2, handle: ({ userId }) => learnStyle(app, userId) } };
}

/**
 * The consistency sweep's part: the derivation for professionals with enough edits waiting and no job (a model
 * configured since, a job that gave up), a bounded batch at a time.
 */
export async function queueOrphanedStyleLearning(app: App): Promise<void> {
  if (!app.providers.llm) return;
  const rows = await app.db
    .select({ userId: styleEditPairs.userId })
    .from(styleEditPairs)
    .where(and(not(styleEditPairs.learned), hasNoLiveJob('learn-style', sql`${styleEditPairs.userId}::text`)))
    .groupBy(styleEditPairs.userId)
    .having(sql`count(*) >= ${STYLE_LEARNING_EDITS}`)
    .limit(SWEEP_BATCH);
  await app.jobs.sendMany(
    'learn-style',
    rows.map(({ userId }) => ({ data: { userId }, singletonKey: userId })),
  );
}
