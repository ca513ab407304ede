import { ZPromptPurpose, type TAdminPrompt } from '@escriba/contract';
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { promptVersions, prompts } from '../../db/schema/index';

type PromptRow = typeof prompts.$inferSelect;
type PromptVersionRow = typeof promptVersions.$inferSelect;

const PURPOSE_ORDER = ZPromptPurpose.options;

function toAdminPrompt(row: PromptRow, versions: PromptVersionRow[]): TAdminPrompt {
  return {
    id: row.id,
    purpose: row.purpose,
    name: row.name,
    active: row.active,
    version: row.version,
    text: versions.find((version) => version.version === row.version)?.text ?? '',
    versions: versions.map((version) => ({
      version: version.version,
      text: version.text,
      created_at: version.createdAt.toISOString(),
      created_by: version.createdBy,
    })),
    seeded: row.seedKey !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Prompts with every version (oldest first): by purpose, the active one first, then by name. */
export async function adminPrompts(db: Database, ids?: string[]): Promise<TAdminPrompt[]> {
  const rows = ids ? await db.select().from(prompts).where(inArray(prompts.id, ids)) : await db.select().from(prompts);
  if (rows.length === 0) return [];
  const versions = await db
    .select()
    .from(promptVersions)
    .where(
      inArray(
        promptVersions.promptId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(promptVersions.version));
  return rows
    .sort(
      (a, b) =>
        PURPOSE_ORDER.indexOf(a.purpose) - PURPOSE_ORDER.indexOf(b.purpose) ||
        Number(b.active) - Number(a.active) ||
        a.name.localeCompare(b.name, 'pt-BR'),
    )
    .map((row) =>
      toAdminPrompt(
        row,
        versions.filter((version) => version.promptId === row.id),
      ),
    );
}

/** One prompt as administrators see it (read through `db`: the caller's transaction, if any). */
export async function adminPrompt(db: Database, id: string): Promise<TAdminPrompt> {
  const [prompt] = await adminPrompts(db, [id]);
  if (!prompt) throw new Error(`No prompt ${id}`);
  return prompt;
}
