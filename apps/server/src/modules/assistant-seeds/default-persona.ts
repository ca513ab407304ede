import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { personas, specializationPersonas } from '../../db/schema/index';
import { userSpecializationIds } from '../specializations/user-specializations';

export type PersonaRow = typeof personas.$inferSelect;

/** The persona every generation uses; undefined only if administrators removed the default. */
export async function defaultPersona(db: Database): Promise<PersonaRow | undefined> {
  const [row] = await db.select().from(personas).where(eq(personas.isDefault, true));
  return row;
}

/**
 * The persona that writes a professional's notes: that of the first specialization she added among those that
 * have one (a pediatrician gets the pediatric persona), otherwise the default.
 */
export async function personaFor(db: Database, userId: string): Promise<PersonaRow | undefined> {
  const specializationIds = await userSpecializationIds(db, userId);
  if (specializationIds.length === 0) return defaultPersona(db);
  const assigned = await db
    .select({ specializationId: specializationPersonas.specializationId, persona: personas })
    .from(specializationPersonas)
    .innerJoin(personas, eq(personas.id, specializationPersonas.personaId))
    .where(inArray(specializationPersonas.specializationId, specializationIds));
  const first = specializationIds
    .map((id) => assigned.find((row) => row.specializationId === id))
    .find((row) => row !== undefined);
  return first?.persona ?? defaultPersona(db);
}

/** The instructions of the persona a provenance names (null when it names none, or it was deleted since). */
export async function personaInstructions(db: Database, persona: { id: string } | null): Promise<string | null> {
  if (!persona) return null;
  const [row] = await db
    .select({ instructions: personas.instructions })
    .from(personas)
    .where(eq(personas.id, persona.id));
  return row?.instructions ?? null;
}
