import type { TPromptPurpose } from '@escriba/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { promptVersions, prompts } from '../../db/schema/index';
import { AppError } from '../../platform/errors';

const PURPOSE_LABELS: Record<TPromptPurpose, string> = {
  anamnesis: 'anamnese',
  field_rewrite: 'reescrita de campo',
  condense: 'condensação de transcrição',
};

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
      `O assistente está sem prompt ativo de ${PURPOSE_LABELS[purpose]}: avise o administrador.`,
    );
  }
  return prompt;
}
