import { STYLE_LEARNING_EDITS } from '@escriba/contract';
import { not, sql } from 'drizzle-orm';
import { styleEditPairs } from '../../db/schema/index';
import type { JobHandlers } from '../../platform/jobs/job-registry';
import type { App } from '../../platform/services';
import { learnStyle } from './learn-style';

/** The preferences' queue handler: a short answer each, a few at once. */
export function styleJobHandlers(app: App): Pick<JobHandlers, 'learn-style'> {
  return { 'learn-style': { concurrency: 2, handle: ({ userId }) => learnStyle(app, userId) } };
}

/** At start-up: queues the derivation for every professional with enough edits waiting (a model configured since). */
export async function resumeStyleLearning(app: App): Promise<void> {
  if (!app.providers.llm) return;
  const rows = await app.db
    .select({ userId: styleEditPairs.userId })
    .from(styleEditPairs)
    .where(not(styleEditPairs.learned))
    .groupBy(styleEditPairs.userId)
    .having(sql`count(*) >= ${STYLE_LEARNING_EDITS}`);
  await app.jobs.sendMany(
    'learn-style',
    rows.map(({ userId }) => ({ data: { userId }, singletonKey: userId })),
  );
}
