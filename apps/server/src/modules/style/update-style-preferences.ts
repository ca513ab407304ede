import type { TStylePreferences, TStylePreferencesBody } from '@escriba/contract';
import { stylePreferences } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import type { App } from '../../platform/services';
import { inTransaction } from '../../platform/transaction';
import { queueLearningIfDue } from './style-learning-queue';
import { toStylePreferencesView } from './style-store';

/**
 * PUT /user/me/style-preferences: her list as she left it (edited, removed, added by hand) and whether it is
 * applied. Turning it back on learns from the edits made meanwhile, if there are enough.
 */
export async function updateStylePreferences(
  app: App,
  userId: string,
  body: TStylePreferencesBody,
  origin: RequestOrigin,
): Promise<TStylePreferences> {
  // Repeated lines say nothing more, and would take room from others in the list of eight.
  const values = { items: [...new Set(body.items)], enabled: body.enabled, updatedAt: new Date() };
  const row = await inTransaction(app, async (tx, afterCommit) => {
    const [saved] = await tx
      .insert(stylePreferences)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: stylePreferences.userId, set: values })
      .returning();
    await recordAudit(tx, {
      action: 'user.preferences_updated',
      actorUserId: userId,
      subjectUserId: userId,
      ...origin,
      details: { fields: ['style_preferences'] },
    });
    if (body.enabled) await queueLearningIfDue(app, tx, afterCommit, userId);
    return saved!;
  });
  return toStylePreferencesView(row);
}
