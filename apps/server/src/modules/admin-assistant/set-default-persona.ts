import type { TAdminPersona } from '@escriba/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { personas } from '../../db/schema/index';
import type { RequestOrigin } from '../../platform/audit';
import { recordAssistantChange } from './assistant-audit';
import { takeTurns } from './assistant-locks';
import { adminPersonaView, lockPersona } from './persona-view';

/** Makes the persona the one every generation uses; concurrent calls take turns, so one default remains. */
export async function setDefaultPersona(
  db: Database,
  id: string,
  adminId: string,
  origin: RequestOrigin,
): Promise<TAdminPersona> {
  return db.transaction(async (tx) => {
    await takeTurns(tx, 'personaDefault');
    const row = await lockPersona(tx, id);
    if (row.isDefault) return adminPersonaView(tx, row);
    const previous = await tx
      .update(personas)
      .set({ isDefault: false, updatedAt: new Date() })
      .where(and(eq(personas.isDefault, true), ne(personas.id, id)))
      .returning({ id: personas.id });
    const [updated] = await tx
      .update(personas)
      .set({ isDefault: true, updatedAt: new Date() })
      .where(eq(personas.id, id))
      .returning();
    await recordAssistantChange(tx, adminId, origin, 'admin.persona.made_default', {
      persona_id: id,
      previous_default_id: previous[0]?.id ?? null,
    });
    return adminPersonaView(tx, updated!);
  });
}
