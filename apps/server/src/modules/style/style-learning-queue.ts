import { STYLE_LEARNING_EDITS } from '@escriba/contract';
import { and, count, eq, not } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { styleEditPairs } from '../../db/schema/index';
import type { App } from '../../platform/services';
import type { AfterCommit } from '../../platform/transaction';
import { findStylePreferences } from './style-store';

/** How many of her edits no derivation has counted yet. */
export async function unlearnedEdits(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(styleEditPairs)
    .where(and(eq(styleEditPairs.userId, userId), not(styleEditPairs.learned)));
  return row!.total;
}

/**
 * Queues the derivation of her preferences (in the caller's transaction) when they are on and enough edits wait. One waits at most
 * per professional: one waiting out a failed model's delay is brought forward.
 */
export async function queueLearningIfDue(app: App, tx: Database, afterCommit: AfterCommit, userId: string) {
  if ((await findStylePreferences(tx, userId))?.enabled === false) return;
  if ((await unlearnedEdits(tx, userId)) < STYLE_LEARNING_EDITS) return;
  const isQueued = await app.jobs.send(
    'learn-style',
    { userId },
    { singletonKey: userId, within: { tx, afterCommit } },
  );
  if (!isQueued) afterCommit(() => app.jobs.expedite('learn-style', userId));
}
