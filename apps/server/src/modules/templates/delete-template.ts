import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { anamnesisTemplates } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import { lockOwnTemplate } from './own-template';

/** Deletes the professional's own template; notes written with it keep a copy of its fields. */
export async function deleteTemplate(
  db: Database,
  userId: string,
  templateId: string,
  origin: RequestOrigin,
): Promise<void> {
  await db.transaction(async (tx) => {
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
