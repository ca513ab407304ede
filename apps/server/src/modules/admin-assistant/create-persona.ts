import type { TAdminPersona, TAdminPersonaBody } from '@escriba/contract';
import { personas } from '../../db/schema/index';
import type { RequestOrigin } from '../../platform/audit';
import type { App } from '../../platform/services';
import { recordAssistantChange } from './assistant-audit';
import { toAdminPersona } from './persona-view';

/** A new persona, not the default (set-default makes it so). */
export async function createPersona(
  app: App,
  body: TAdminPersonaBody,
  adminId: string,
  origin: RequestOrigin,
): Promise<TAdminPersona> {
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(personas)
      .values({ ...body, isDefault: false })
      .returning();
    await recordAssistantChange(tx, adminId, origin, 'admin.persona.created', { persona_id: row!.id });
    return toAdminPersona(row!, []);
  });
}
