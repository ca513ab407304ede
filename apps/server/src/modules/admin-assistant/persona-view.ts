import type { TAdminPersona } from '@escriba/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { personas, specializationPersonas } from '../../db/schema/index';
import { notFound } from '../../platform/errors';
import type { PersonaRow } from '../assistant-seeds/default-persona';

export function toAdminPersona(row: PersonaRow, specializationIds: number[]): TAdminPersona {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    instructions: row.instructions,
    is_default: row.isDefault,
    seeded: row.seedKey !== null,
    specialization_ids: specializationIds,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The specializations the persona writes for instead of the default, ascending. */
export async function specializationIdsOf(db: Database, personaId: string): Promise<number[]> {
  const rows = await db
    .select({ id: specializationPersonas.specializationId })
    .from(specializationPersonas)
    .where(eq(specializationPersonas.personaId, personaId))
    .orderBy(asc(specializationPersonas.specializationId));
  return rows.map((row) => row.id);
}

/** The persona as administrators see it, with its specializations. */
export async function adminPersonaView(db: Database, row: PersonaRow): Promise<TAdminPersona> {
  return toAdminPersona(row, await specializationIdsOf(db, row.id));
}

/** Every persona: the default first, then by name. */
export async function listPersonas(db: Database): Promise<TAdminPersona[]> {
  const [rows, assignments] = await Promise.all([
    db.select().from(personas),
    db.select().from(specializationPersonas).orderBy(asc(specializationPersonas.specializationId)),
  ]);
  return rows
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name, 'pt-BR'))
    .map((row) =>
      toAdminPersona(
        row,
        assignments.filter((item) => item.personaId === row.id).map((item) => item.specializationId),
      ),
    );
}

/** The persona, locked until the transaction ends, or a 404. */
export async function lockPersona(tx: Database, id: string): Promise<PersonaRow> {
  const [row] = await tx.select().from(personas).where(eq(personas.id, id)).for('update');
  if (!row) throw notFound('Persona', 'feminine');
  return row;
}
