import type { TStylePreferences } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { stylePreferences, type StylePreferencesRow } from '../../db/schema/index';

/** Her preferences as the API shows them; without a row, an empty list that is on. */
export function toStylePreferencesView(row: StylePreferencesRow | undefined): TStylePreferences {
  return {
    items: row?.items ?? [],
    enabled: row?.enabled ?? true,
    learned_at: row?.learnedAt?.toISOString() ?? null,
  };
}

export async function findStylePreferences(db: Database, userId: string): Promise<StylePreferencesRow | undefined> {
  const [row] = await db.select().from(stylePreferences).where(eq(stylePreferences.userId, userId));
  return row;
}

/** GET /user/me/style-preferences. */
export async function getStylePreferences(db: Database, userId: string): Promise<TStylePreferences> {
  return toStylePreferencesView(await findStylePreferences(db, userId));
}

/**
 * The preferences her next generation follows (recorded in its provenance): null when she has none or turned
 * them off.
 */
export async function appliedStylePreferences(db: Database, userId: string): Promise<string[] | null> {
  const row = await findStylePreferences(db, userId);
  return row?.enabled && row.items.length > 0 ? row.items : null;
}
