import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { anamnesisVersions, documentVersions, prompts } from '../../db/schema/index';
import type { RequestOrigin } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { recordAssistantChange } from './assistant-audit';
import { takeTurns } from './assistant-locks';
import { activePromptNeeded, lockPrompt } from './prompt-changes';

const keptForProvenance = (usedIn: string) =>
  new AppError('conflict', `Este prompt já foi usado em ${usedIn}: deixe-o desativado`);

/**
 * Deletes a prompt and its versions, which only a prompt nothing names can lose: one shipped with Escriba (the
 * seeds would bring it back), the active one of its purpose, or one a note's or a document's provenance names is
 * refused (409).
 */
export async function deletePrompt(db: Database, id: string, adminId: string, origin: RequestOrigin): Promise<void> {
  await db.transaction(async (tx) => {
    await takeTurns(tx, 'promptActivation');
    const row = await lockPrompt(tx, id);
    if (row.active) throw activePromptNeeded(row.purpose, 'excluir');
    if (row.seedKey !== null) {
      throw new AppError('conflict', 'Este prompt vem com o Escriba e não pode ser excluído: desative-o');
    }
    const named = sql`${JSON.stringify([{ prompt_id: id }])}::jsonb`;
    const [usedByNote] = await tx
      .select({ id: anamnesisVersions.id })
      .from(anamnesisVersions)
      .where(sql`${anamnesisVersions.provenance} -> 'prompts' @> ${named}`)
      .limit(1);
    if (usedByNote) throw keptForProvenance('anamneses e fica guardado para a procedência delas');
    const [usedByDocument] = await tx
      .select({ id: documentVersions.id })
      .from(documentVersions)
      .where(sql`${documentVersions.provenance} -> 'prompts' @> ${named}`)
      .limit(1);
    if (usedByDocument) throw keptForProvenance('documentos e fica guardado para a procedência deles');
    await tx.delete(prompts).where(eq(prompts.id, id));
    await recordAssistantChange(tx, adminId, origin, 'admin.prompt.deleted', { prompt_id: id, purpose: row.purpose });
  });
}
