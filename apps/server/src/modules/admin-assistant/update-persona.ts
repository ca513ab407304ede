import type { TAdminPersona, TAdminPersonaBody } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { personas } from '../../db/schema/index';
import type { RequestOrigin } from '../../platform/audit';
import { recordAssistantChange } from './assistant-audit';
import { adminPersonaView, lockPersona } from './persona-view';

/** Replaces a persona's name, description and instructions; notes name the persona they were written with. */
export async function updatePersona(
  db: Database,
  id: string,
  body: TAdminPersonaBody,
  adminId: string,
  origin: RequestOrigin,
): Promise<TAdminPersona> {
  return db.transaction(async (tx) => {
    const current = await lockPersona(tx, id);
    const changed = (['name', 'description', 'instructions'] as const).filter((key) => body[key] !== current[key]);
    if (changed.length === 0) return adminPersonaView(tx, current);
    const [row] = await tx
      .update(personas)
      .set({ ...body, updatedAt: new Date() })
      .where(eq(personas.id, id))
      .returning();
    await recordAssistantChange(tx, adminId, origin, 'admin.persona.updated', { persona_id: id, changed });
    return adminPersonaView(tx, row!);
  });
}
