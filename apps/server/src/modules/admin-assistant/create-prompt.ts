import type { TAdminPrompt, TAdminPromptBody } from '@escriba/contract';
import type { Database } from '../../db/client';
import { promptVersions, prompts } from '../../db/schema/index';
import type { RequestOrigin } from '../../platform/audit';
import type { KeepAnswer } from '../../platform/http/idempotency-store';
import { recordAssistantChange } from './assistant-audit';
import { takeTurns } from './assistant-locks';
import { deactivateOthers } from './prompt-changes';
import { adminPrompt } from './prompt-view';

/** A new prompt at version 1; when `active`, the purpose's other prompt is deactivated in the same transaction. */
export async function createPrompt(
  db: Database,
  body: TAdminPromptBody,
  adminId: string,
  origin: RequestOrigin,
  keep: KeepAnswer,
): Promise<TAdminPrompt> {
  return db.transaction(async (tx) => {
    const active = body.active ?? false;
    if (active) {
      await takeTurns(tx, 'promptActivation');
      await deactivateOthers(tx, body.purpose);
    }
    const [row] = await tx
      .insert(prompts)
      .values({ purpose: body.purpose, name: body.name, active, version: 1 })
      .returning();
    await tx.insert(promptVersions).values({ promptId: row!.id, version: 1, text: body.text, createdBy: adminId });
    await recordAssistantChange(tx, adminId, origin, 'admin.prompt.created', {
      prompt_id: row!.id,
      purpose: body.purpose,
      active,
    });
    const prompt = await adminPrompt(tx, row!.id);
    await keep(tx, prompt);
    return prompt;
  });
}
