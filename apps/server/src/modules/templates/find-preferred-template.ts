import type { TPreferredTemplate } from '@escriba/contract';
import { and, desc, eq } from 'drizzle-orm';
import { anamnesisTemplates, type UserRow } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { findDefaultTemplate } from '../reference/default-template';
import { userSpecializationIds } from '../specializations/user-specializations';

/**
 * The template of her specialization (issue 31 §2: a GO professional starts from "Pré-natal", not "Anamnese
 * completa"): the one her preferences name, else the first she added. Her own template tagged with it (the one she
 * changed last) comes before the published one; a specialization with no template of its own gives null, so the
 * picker keeps her own templates first.
 */
export async function findPreferredTemplate(app: App, user: UserRow): Promise<TPreferredTemplate> {
  const specializationId =
    user.preferences.default_specialization_id ?? (await userSpecializationIds(app.db, user.id))[0];
  if (specializationId === undefined || specializationId === null) return { template_id: null };
  const [own] = await app.db
    .select({ id: anamnesisTemplates.id })
    .from(anamnesisTemplates)
    .where(and(eq(anamnesisTemplates.ownerId, user.id), eq(anamnesisTemplates.specializationId, specializationId)))
    .orderBy(desc(anamnesisTemplates.updatedAt))
    .limit(1);
  if (own) return { template_id: own.id };
  const published = await findDefaultTemplate(app.db, specializationId);
  return { template_id: published?.specializationId === specializationId ? published.id : null };
}
