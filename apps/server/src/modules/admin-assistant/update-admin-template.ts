import type { TAdminTemplate, TAdminTemplateUpdate } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { anamnesisTemplates } from '../../db/schema/index';
import type { RequestOrigin } from '../../platform/audit';
import type { App } from '../../platform/services';
import { templateColumns } from '../templates/template-input';
import { lockAdminTemplate, toAdminTemplate } from './admin-template';
import { recordAssistantChange } from './assistant-audit';

/** Replaces the name and specialty, and the fields when given; notes written with it keep their copy. */
export async function updateAdminTemplate(
  app: App,
  id: string,
  body: TAdminTemplateUpdate,
  adminId: string,
  origin: RequestOrigin,
): Promise<TAdminTemplate> {
  return app.db.transaction(async (tx) => {
    const current = await lockAdminTemplate(tx, id);
    const input = { ...body, fields: body.fields ?? current.fields, source_template_id: undefined };
    const columns = await templateColumns(app, tx, adminId, input, current);
    const [row] = await tx
      .update(anamnesisTemplates)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(anamnesisTemplates.id, id))
      .returning();
    await recordAssistantChange(tx, adminId, origin, 'admin.template.updated', {
      template_id: id,
      fields_replaced: body.fields !== undefined,
    });
    return toAdminTemplate(row!);
  });
}
