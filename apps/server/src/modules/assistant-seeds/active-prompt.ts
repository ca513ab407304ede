import { PROMPT_PURPOSE_LABELS, type TPromptPurpose } from '@escriba/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { promptVersions, prompts } from '../../db/schema/index';
import { AppError } from '../../platform/errors';

/** The text the generator uses for `purpose`: the active prompt's current version (kept in provenance). */
export async function activePrompt(
  db: Database,
  purpose: TPromptPurpose,
): Promise<{ id: string; version: number; text: string }> {
  const [prompt] = await db
    .select({ id: prompts.id, version: promptVersions.version, text: promptVersions.text })
    .from(prompts)
    .innerJoin(
      promptVersions,
      and(eq(promptVersions.promptId, prompts.id), eq(promptVersions.version, prompts.version)),
    )
    .where(and(eq(prompts.purpose, purpose), eq(prompts.active, true)));
  if (!prompt) {
    throw new AppError(
      'conflict',
      `O assistente está sem prompt ativo de ${PROMPT_PURPOSE_LABELS[purpose]}: avise o administrador.`,
    );
  }
  return prompt;
}
