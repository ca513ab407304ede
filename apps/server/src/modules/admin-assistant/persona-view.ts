import type { TAdminPersona } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { personas } from '../../db/schema/index';
import { notFound } from '../../platform/errors';
import type { PersonaRow } from '../assistant-seeds/default-persona';

export function toAdminPersona(row: PersonaRow): TAdminPersona {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    instructions: row.instructions,
    is_default: row.isDefault,
    seeded: row.seedKey !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Every persona: the default first, then by name. */
export async function listPersonas(db: Database): Promise<TAdminPersona[]> {
  const rows = await db.select().from(personas);
  return rows
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name, 'pt-BR'))
    .map(toAdminPersona);
}

/** The persona, locked until the transaction ends, or a 404. */
export async function lockPersona(tx: Database, id: string): Promise<PersonaRow> {
  const [row] = await tx.select().from(personas).where(eq(personas.id, id)).for('update');
  if (!row) throw notFound('Persona', 'feminine');
  return row;
}
