import type { TAdminPersona, TAdminPersonaBody } from '@escriba/contract';
import type { Database } from '../../db/client';
import { personas } from '../../db/schema/index';
import type { RequestOrigin } from '../../platform/audit';
import type { KeepAnswer } from '../../platform/http/idempotency-store';
import { recordAssistantChange } from './assistant-audit';
import { toAdminPersona } from './persona-view';

/** A new persona, not the default (set-default makes it so). */
export async function createPersona(
  db: Database,
  body: TAdminPersonaBody,
  adminId: string,
  origin: RequestOrigin,
  keep: KeepAnswer,
): Promise<TAdminPersona> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(personas)
      .values({ ...body, isDefault: false })
      .returning();
    await recordAssistantChange(tx, adminId, origin, 'admin.persona.created', { persona_id: row!.id });
    const persona = toAdminPersona(row!, []);
    await keep(tx, persona);
    return persona;
  });
}
