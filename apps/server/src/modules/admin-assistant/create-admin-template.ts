import type { TAdminTemplate, TAdminTemplateBody } from '@escriba/contract';
import { anamnesisTemplates } from '../../db/schema/index';
import type { RequestOrigin } from '../../platform/audit';
import type { KeepAnswer } from '../../platform/http/idempotency-store';
import type { App } from '../../platform/services';
import { templateColumns } from '../templates/template-input';
import { toAdminTemplate } from './admin-template';
import { recordAssistantChange } from './assistant-audit';

/** A template for every professional (no owner), offered in their picker once published. */
export async function createAdminTemplate(
  app: App,
  body: TAdminTemplateBody,
  adminId: string,
  origin: RequestOrigin,
  keep: KeepAnswer,
): Promise<TAdminTemplate> {
  const columns = await templateColumns(app, app.db, adminId, { ...body, source_template_id: null });
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(anamnesisTemplates)
      .values({ ...columns, ownerId: null, published: body.published ?? false })
      .returning();
    await recordAssistantChange(tx, adminId, origin, 'admin.template.created', {
      template_id: row!.id,
      published: row!.published,
    });
    const template = toAdminTemplate(row!);
    await keep(tx, template);
    return template;
  });
}
