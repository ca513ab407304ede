import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { anamnesisTemplates } from '../../db/schema/index';
import type { RequestOrigin } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { lockAdminTemplate } from './admin-template';
import { recordAssistantChange } from './assistant-audit';

/**
 * Deletes an administrators' template; notes written with it keep a copy of its fields. The templates shipped
 * with Escriba cannot be deleted (the seeds would bring them back): they can be unpublished.
 */
export async function deleteAdminTemplate(
  db: Database,
  id: string,
  adminId: string,
  origin: RequestOrigin,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockAdminTemplate(tx, id);
    if (row.seedKey !== null) {
      throw new AppError('conflict', 'Este modelo vem com o Escriba e não pode ser excluído: despublique-o');
    }
    await tx.delete(anamnesisTemplates).where(eq(anamnesisTemplates.id, id));
    await recordAssistantChange(tx, adminId, origin, 'admin.template.deleted', { template_id: id, name: row.name });
  });
}
