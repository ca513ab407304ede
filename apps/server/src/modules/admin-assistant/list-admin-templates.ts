import type { TAdminTemplate } from '@escriba/contract';
import { isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { anamnesisTemplates } from '../../db/schema/index';
import { toAdminTemplate } from './admin-template';

/** Every administrators' template, published or not, by name; professionals' own templates are not here. */
export async function listAdminTemplates(db: Database): Promise<TAdminTemplate[]> {
  const rows = await db.select().from(anamnesisTemplates).where(isNull(anamnesisTemplates.ownerId));
  return rows.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')).map(toAdminTemplate);
}
