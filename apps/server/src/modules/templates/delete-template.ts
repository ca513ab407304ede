import { eq } from 'drizzle-orm';
import { anamnesisTemplates } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import type { App } from '../../platform/services';
import { lockOwnTemplate } from './own-template';

/** Deletes the professional's own template; notes written with it keep a copy of its fields. */
export async function deleteTemplate(
  app: App,
  userId: string,
  templateId: string,
  origin: RequestOrigin,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    await lockOwnTemplate(tx, userId, templateId);
    await tx.delete(anamnesisTemplates).where(eq(anamnesisTemplates.id, templateId));
    await recordAudit(tx, {
      action: 'template.deleted',
      actorUserId: userId,
      subjectUserId: userId,
      ...origin,
      details: { template_id: templateId },
    });
  });
}
