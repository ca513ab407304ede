import type { TAnamnesisTemplate } from '@escriba/contract';
import { count, eq } from 'drizzle-orm';
import { anamnesisTemplates, users } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import type { KeepAnswer } from '../../platform/http/idempotency-store';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { templateColumns, type TemplateInput } from './template-input';
import { toTemplateView } from './template-view';

export const MAX_OWN_TEMPLATES = 100;

export async function createTemplate(
  app: App,
  userId: string,
  input: TemplateInput,
  origin: RequestOrigin,
  keep: KeepAnswer,
): Promise<TAnamnesisTemplate> {
  const columns = await templateColumns(app, app.db, userId, input);
  return app.db.transaction(async (tx) => {
    // Creations by one professional take turns, so the limit holds under concurrency.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [owned] = await tx
      .select({ total: count() })
      .from(anamnesisTemplates)
      .where(eq(anamnesisTemplates.ownerId, userId));
    if (owned!.total >= MAX_OWN_TEMPLATES) {
      throw new AppError('conflict', `Você já tem ${MAX_OWN_TEMPLATES} modelos: exclua um antes de criar outro`);
    }
    const [created] = await tx
      .insert(anamnesisTemplates)
      .values({ ...columns, ownerId: userId, published: false })
      .returning();
    await recordAudit(tx, {
      action: 'template.created',
      actorUserId: userId,
      subjectUserId: userId,
      ...origin,
      details: { template_id: created!.id },
    });
    const template = toTemplateView(created!);
    await keep(tx, template);
    return template;
  });
}
