import type { TAnamnesisTemplate } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { anamnesisTemplates } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import type { App } from '../../platform/services';
import { lockOwnTemplate } from './own-template';
import { templateColumns, type TemplateInput } from './template-input';
import { toTemplateView } from './template-view';

/** Replaces the name, specialty and fields (in their new order) of the professional's own template. */
export async function updateTemplate(
  app: App,
  userId: string,
  templateId: string,
  input: TemplateInput,
  origin: RequestOrigin,
): Promise<TAnamnesisTemplate> {
  const row = await app.db.transaction(async (tx) => {
    const current = await lockOwnTemplate(tx, userId, templateId);
    const columns = await templateColumns(app, tx, userId, input, current);
    const [updated] = await tx
      .update(anamnesisTemplates)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(anamnesisTemplates.id, templateId))
      .returning();
    await recordAudit(tx, {
      action: 'template.updated',
      actorUserId: userId,
      subjectUserId: userId,
      ...origin,
      details: { template_id: templateId },
    });
    return updated!;
  });
  return toTemplateView(row);
}
