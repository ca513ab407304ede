import type { TAdminPersona } from '@escriba/contract';
import { and, eq, inArray, ne, notInArray } from 'drizzle-orm';
import { specializationPersonas } from '../../db/schema/index';
import type { RequestOrigin } from '../../platform/audit';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { recordAssistantChange } from './assistant-audit';
import { adminPersonaView, lockPersona } from './persona-view';

/**
 * Makes the persona write for exactly these specializations: one held by another persona moves here, one left out
 * falls back to the default persona. The persona's row lock keeps a deletion from running in between.
 */
export async function setPersonaSpecializations(
  app: App,
  id: string,
  requested: number[],
  adminId: string,
  origin: RequestOrigin,
): Promise<TAdminPersona> {
  const known = new Set((await app.referenceData.specializations()).map((item) => item.id));
  const unknown = requested.findIndex((specializationId) => !known.has(specializationId));
  if (unknown >= 0) throw fieldError(['body', 'specialization_ids', unknown], 'Especialidade não encontrada');
  const specializationIds = [...new Set(requested)].sort((a, b) => a - b);

  return app.db.transaction(async (tx) => {
    const persona = await lockPersona(tx, id);
    const taken =
      specializationIds.length === 0
        ? []
        : await tx
            .select()
            .from(specializationPersonas)
            .where(
              and(
                inArray(specializationPersonas.specializationId, specializationIds),
                ne(specializationPersonas.personaId, id),
              ),
            );
    await tx
      .delete(specializationPersonas)
      .where(
        and(
          eq(specializationPersonas.personaId, id),
          specializationIds.length > 0
            ? notInArray(specializationPersonas.specializationId, specializationIds)
            : undefined,
        ),
      );
    if (specializationIds.length > 0) {
      await tx
        .insert(specializationPersonas)
        .values(specializationIds.map((specializationId) => ({ specializationId, personaId: id })))
        .onConflictDoUpdate({ target: specializationPersonas.specializationId, set: { personaId: id } });
    }
    await recordAssistantChange(tx, adminId, origin, 'admin.persona.specializations_set', {
      persona_id: id,
      specialization_ids: specializationIds,
      taken_from: taken.map((row) => ({ specialization_id: row.specializationId, persona_id: row.personaId })),
    });
    return adminPersonaView(tx, persona);
  });
}
