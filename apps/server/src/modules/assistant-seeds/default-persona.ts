import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { personas } from '../../db/schema/index';

export type PersonaRow = typeof personas.$inferSelect;

/** The persona every generation uses; undefined only if administrators removed the default. */
export async function defaultPersona(db: Database): Promise<PersonaRow | undefined> {
  const [row] = await db.select().from(personas).where(eq(personas.isDefault, true));
  return row;
}
