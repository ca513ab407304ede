import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { anamnesisTemplates, type AnamnesisTemplateRow } from '../../db/schema/index';
import { AppError, notFound } from '../../platform/errors';
import { findUsableTemplate, TEMPLATE } from './usable-template';

/**
 * The professional's own template, locked for a change: a published one is theirs to read, not to
 * change (403); anything else is not found.
 */
export async function lockOwnTemplate(tx: Database, userId: string, templateId: string): Promise<AnamnesisTemplateRow> {
  const usable = await findUsableTemplate(tx, userId, templateId);
  if (usable.ownerId !== userId) {
    throw new AppError('forbidden', 'Modelos publicados não podem ser alterados: faça uma cópia');
  }
  const [row] = await tx
    .select()
    .from(anamnesisTemplates)
    .where(and(eq(anamnesisTemplates.id, templateId), eq(anamnesisTemplates.ownerId, userId)))
    .for('update');
  // Deleted by another request since it was read.
  if (!row) throw notFound(TEMPLATE);
  return row;
}
