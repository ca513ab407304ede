import type { TAdminPrompt, TAdminPromptUpdate } from '@escriba/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { promptVersions, prompts } from '../../db/schema/index';
import type { RequestOrigin } from '../../platform/audit';
import { recordAssistantChange } from './assistant-audit';
import { takeTurns } from './assistant-locks';
import { activePromptNeeded, deactivateOthers, lockPrompt } from './prompt-changes';
import { adminPrompt } from './prompt-view';

/**
 * Renames, rewrites or (de)activates a prompt. New text is a new version; the earlier ones are never changed, so
 * every note keeps resolving the text it was written with. The same text adds no version.
 */
export async function updatePrompt(
  db: Database,
  id: string,
  body: TAdminPromptUpdate,
  adminId: string,
  origin: RequestOrigin,
): Promise<TAdminPrompt> {
  return db.transaction(async (tx) => {
    // Before the row lock, as every activation takes them: turns first, then rows.
    if (body.active !== undefined) await takeTurns(tx, 'promptActivation');
    const row = await lockPrompt(tx, id);
    const changed: string[] = [];
    const columns: Partial<typeof prompts.$inferInsert> = {};
    if (body.name !== undefined && body.name !== row.name) {
      columns.name = body.name;
      changed.push('name');
    }
    if (body.text !== undefined) {
      const [current] = await tx
        .select({ text: promptVersions.text })
        .from(promptVersions)
        .where(and(eq(promptVersions.promptId, id), eq(promptVersions.version, row.version)));
      if (current?.text !== body.text) {
        columns.version = row.version + 1;
        await tx
          .insert(promptVersions)
          .values({ promptId: id, version: columns.version, text: body.text, createdBy: adminId });
        changed.push('text');
      }
    }
    if (body.active !== undefined && body.active !== row.active) {
      if (!body.active) throw activePromptNeeded(row.purpose, 'desativar');
      await deactivateOthers(tx, row.purpose, id);
      columns.active = true;
      changed.push('active');
    }
    if (changed.length > 0) {
      await tx
        .update(prompts)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(prompts.id, id));
      await recordAssistantChange(tx, adminId, origin, 'admin.prompt.updated', {
        prompt_id: id,
        purpose: row.purpose,
        changed,
        version: columns.version ?? row.version,
      });
    }
    return adminPrompt(tx, id);
  });
}
