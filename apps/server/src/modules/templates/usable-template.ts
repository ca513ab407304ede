import { and, eq, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { anamnesisTemplates, type AnamnesisTemplateRow } from '../../db/schema/index';
import { notFound } from '../../platform/errors';

export const TEMPLATE = 'Modelo';

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** A template the professional may use: their own or a published one; anything else is "not found". */
export async function findUsableTemplate(
  db: Database,
  userId: string,
  templateId: string,
): Promise<AnamnesisTemplateRow> {
  // A malformed id (e.g. the {type} of a generation path) is a template that does not exist, not a 500.
  if (!isUuid(templateId)) throw notFound(TEMPLATE);
  const [row] = await db
    .select()
    .from(anamnesisTemplates)
    .where(
      and(
        eq(anamnesisTemplates.id, templateId),
        or(eq(anamnesisTemplates.ownerId, userId), eq(anamnesisTemplates.published, true)),
      ),
    );
  if (!row) throw notFound(TEMPLATE);
  return row;
}
