import type { TAdminTemplate } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { anamnesisTemplates } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { lockAdminTemplate, toAdminTemplate } from './admin-template';
import { recordAssistantChange } from './assistant-audit';

/** Offers the template in every professional's picker, or takes it out (notes written with it keep their copy). */
export async function publishTemplate(
  app: App,
  id: string,
  publish: boolean,
  request: FastifyRequest,
): Promise<TAdminTemplate> {
  return app.db.transaction(async (tx) => {
    const current = await lockAdminTemplate(tx, id);
    if (current.published === publish) return toAdminTemplate(current);
    const [row] = await tx
      .update(anamnesisTemplates)
      .set({ published: publish, updatedAt: new Date() })
      .where(eq(anamnesisTemplates.id, id))
      .returning();
    await recordAssistantChange(tx, request, publish ? 'admin.template.published' : 'admin.template.unpublished', {
      template_id: id,
    });
    return toAdminTemplate(row!);
  });
}
