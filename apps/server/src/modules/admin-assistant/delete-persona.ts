import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { personas } from '../../db/schema/index';
import type { RequestOrigin } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { recordAssistantChange } from './assistant-audit';
import { takeTurns } from './assistant-locks';
import { lockPersona, specializationIdsOf } from './persona-view';

/**
 * Deletes a persona; notes keep its id and name in their provenance. The default (generation needs one) and the
 * personas shipped with Escriba (the seeds would bring them back) cannot be deleted (409). The specializations it
 * wrote for fall back to the default.
 */
export async function deletePersona(db: Database, id: string, adminId: string, origin: RequestOrigin): Promise<void> {
  await db.transaction(async (tx) => {
    // The default cannot move to this persona while it is being deleted.
    await takeTurns(tx, 'personaDefault');
    const row = await lockPersona(tx, id);
    if (row.seedKey !== null) {
      throw new AppError('conflict', 'Esta persona vem com o Escriba e não pode ser excluída');
    }
    if (row.isDefault) {
      throw new AppError('conflict', 'Escolha outra persona padrão antes de excluir esta');
    }
    const specializationIds = await specializationIdsOf(tx, id);
    // Its specializations' rows go with it (on delete cascade): those professionals fall back to the default.
    await tx.delete(personas).where(eq(personas.id, id));
    await recordAssistantChange(tx, adminId, origin, 'admin.persona.deleted', {
      persona_id: id,
      name: row.name,
      ...(specializationIds.length > 0 && { specialization_ids: specializationIds }),
    });
  });
}
