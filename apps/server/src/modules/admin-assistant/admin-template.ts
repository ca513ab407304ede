import type { TAdminTemplate } from '@escriba/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { anamnesisTemplates, type AnamnesisTemplateRow } from '../../db/schema/index';
import { notFound } from '../../platform/errors';
import { toTemplateView } from '../templates/template-view';
import { TEMPLATE } from '../templates/usable-template';

const adminManaged = (id: string) => and(eq(anamnesisTemplates.id, id), isNull(anamnesisTemplates.ownerId));

/** An administrators' template (no owner); a professional's own template is not found here. */
export async function findAdminTemplate(db: Database, id: string): Promise<AnamnesisTemplateRow> {
  const [row] = await db.select().from(anamnesisTemplates).where(adminManaged(id));
  if (!row) throw notFound(TEMPLATE);
  return row;
}

/** The same, locked until the transaction ends: every change of a template is made under its row's lock. */
export async function lockAdminTemplate(tx: Database, id: string): Promise<AnamnesisTemplateRow> {
  const [row] = await tx.select().from(anamnesisTemplates).where(adminManaged(id)).for('update');
  if (!row) throw notFound(TEMPLATE);
  return row;
}

export function toAdminTemplate(row: AnamnesisTemplateRow): TAdminTemplate {
  return { ...toTemplateView(row), seeded: row.seedKey !== null };
}
