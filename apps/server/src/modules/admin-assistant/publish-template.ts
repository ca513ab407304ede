import type { TAdminTemplate } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { anamnesisTemplates } from '../../db/schema/index';
import type { RequestOrigin } from '../../platform/audit';
import { lockAdminTemplate, toAdminTemplate } from './admin-template';
import { recordAssistantChange } from './assistant-audit';

/** Offers the template in every professional's picker, or takes it out (notes written with it keep their copy). */
export async function publishTemplate(
  db: Database,
  id: string,
  publish: boolean,
  adminId: string,
  origin: RequestOrigin,
): Promise<TAdminTemplate> {
  return db.transaction(async (tx) => {
    const current = await lockAdminTemplate(tx, id);
    if (current.published === publish) return toAdminTemplate(current);
    const [row] = await tx
      .update(anamnesisTemplates)
      .set({ published: publish, updatedAt: new Date() })
      .where(eq(anamnesisTemplates.id, id))
      .returning();
    const action = publish ? 'admin.template.published' : 'admin.template.unpublished';
    await recordAssistantChange(tx, adminId, origin, action, { template_id: id });
    return toAdminTemplate(row!);
  });
}
