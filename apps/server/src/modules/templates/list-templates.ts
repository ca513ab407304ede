import type { TAnamnesisTemplate } from '@escriba/contract';
import { eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { anamnesisTemplates } from '../../db/schema/index';
import { toTemplateView } from './template-view';

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'pt-BR');

/** Every template the professional may use, for the picker: their own by name, then the published ones by name. */
export async function listUsableTemplates(db: Database, userId: string): Promise<TAnamnesisTemplate[]> {
  const rows = await db
    .select()
    .from(anamnesisTemplates)
    .where(or(eq(anamnesisTemplates.ownerId, userId), eq(anamnesisTemplates.published, true)));
  const own = rows.filter((row) => row.ownerId === userId).sort(byName);
  const published = rows.filter((row) => row.ownerId !== userId).sort(byName);
  return [...own, ...published].map(toTemplateView);
}
