import { STYLE_LEARNING_EDITS } from '@escriba/contract';
import { and, desc, eq, inArray, not, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { styleEditPairs, stylePreferences } from '../../db/schema/index';
import { LlmError } from '../../providers/llm/llm-provider';
import type { App } from '../../platform/services';
import { unlearnedEdits } from './style-learning-queue';
import { findStylePreferences } from './style-store';
import { LEARNING_SCHEMA, learningMessages, PREFERENCES_KEY, toPreferences } from './style-prompt';

/** The edits the model reads: her latest ones. */
const PAIRS_READ = 20;
/** The edits kept per professional; older ones have been learned from and say less about her today. */
const PAIRS_KEPT = 50;
/** A model that failed is asked again after this long (or its Retry-After); her next edit asks at once. */
const RETRY_AFTER_SECONDS = 300;

/**
 * The `learn-style` job: derives her preferences from her own edits only, when enough are new. Idempotent: a
 * repeated run finds nothing due. Her edits stay until a derivation stores its list, so a model that is not
 * configured or fails loses nothing: the job runs again later (start-up, her next edit, or the retry).
 */
export async function learnStyle(app: App, userId: string): Promise<void> {
  const { llm } = app.providers;
  if (!llm) return;
  const current = await findStylePreferences(app.db, userId);
  if (current && !current.enabled) return;
  if ((await unlearnedEdits(app.db, userId)) < STYLE_LEARNING_EDITS) return;
  const pendingIds = await unlearnedPairIds(app.db, userId);
  const pairs = await app.db
    .select()
    .from(styleEditPairs)
    .where(eq(styleEditPairs.userId, userId))
    .orderBy(desc(styleEditPairs.updatedAt))
    .limit(PAIRS_READ);
  let answer: Record<string, unknown>;
  try {
    const messages = learningMessages(current?.items ?? [], pairs);
    answer = (await llm.completeStructured({ messages, schema: LEARNING_SCHEMA })).value;
  } catch (error) {
    if (!(error instanceof LlmError)) throw error;
    app.log.warn({ llm_error: error.kind }, 'writing preferences not learned; asked again later');
    const startAfterSeconds = Math.max(error.retryAfterSeconds ?? 0, RETRY_AFTER_SECONDS);
    await app.jobs.send('learn-style', { userId }, { singletonKey: userId, startAfterSeconds });
    return;
  }
  await storeLearned(app, userId, current?.items ?? [], toPreferences(answer[PREFERENCES_KEY]), pendingIds);
}

async function unlearnedPairIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: styleEditPairs.id })
    .from(styleEditPairs)
    .where(and(eq(styleEditPairs.userId, userId), not(styleEditPairs.learned)));
  return rows.map((row) => row.id);
}

/**
 * Stores the list (an empty answer keeps hers) and marks the edits read as learned. Her own change to the list
 * while the model wrote wins: the run fails and is retried from her new list.
 */
async function storeLearned(app: App, userId: string, read: string[], learned: string[], pendingIds: string[]) {
  await app.db.transaction(async (tx) => {
    await tx.insert(stylePreferences).values({ userId }).onConflictDoNothing();
    const [row] = await tx.select().from(stylePreferences).where(eq(stylePreferences.userId, userId)).for('update');
    if (!row!.enabled) return;
    if (JSON.stringify(row!.items) !== JSON.stringify(read)) {
      throw new Error('writing preferences changed while they were being learned');
    }
    const now = new Date();
    await tx
      .update(stylePreferences)
      .set({ items: learned.length > 0 ? learned : read, learnedAt: now, updatedAt: now })
      .where(eq(stylePreferences.userId, userId));
    if (pendingIds.length > 0) {
      await tx.update(styleEditPairs).set({ learned: true }).where(inArray(styleEditPairs.id, pendingIds));
    }
    await prunePairs(tx, userId);
  });
}

async function prunePairs(tx: Database, userId: string): Promise<void> {
  const kept = tx
    .select({ id: styleEditPairs.id })
    .from(styleEditPairs)
    .where(eq(styleEditPairs.userId, userId))
    .orderBy(desc(styleEditPairs.updatedAt))
    .limit(PAIRS_KEPT);
  await tx.delete(styleEditPairs).where(and(eq(styleEditPairs.userId, userId), notInArray(styleEditPairs.id, kept)));
}
