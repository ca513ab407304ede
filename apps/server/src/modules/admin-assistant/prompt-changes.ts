import { PROMPT_PURPOSE_LABELS, type TPromptPurpose } from '@escriba/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { prompts } from '../../db/schema/index';
import { AppError, notFound } from '../../platform/errors';

export type PromptRow = typeof prompts.$inferSelect;

/** The prompt, locked until the transaction ends, or a 404. */
export async function lockPrompt(tx: Database, id: string): Promise<PromptRow> {
  const [row] = await tx.select().from(prompts).where(eq(prompts.id, id)).for('update');
  if (!row) throw notFound('Prompt');
  return row;
}

/** Deactivates the purpose's other prompts; call under takeTurns('promptActivation'). */
export async function deactivateOthers(tx: Database, purpose: TPromptPurpose, keptId?: string): Promise<void> {
  await tx
    .update(prompts)
    .set({ active: false, updatedAt: new Date() })
    .where(and(eq(prompts.purpose, purpose), eq(prompts.active, true), keptId ? ne(prompts.id, keptId) : undefined));
}

/** The generator always needs an active prompt per purpose: another one must be activated first. */
export const activePromptNeeded = (purpose: TPromptPurpose, action: 'desativar' | 'excluir') =>
  new AppError('conflict', `Ative outro prompt de ${PROMPT_PURPOSE_LABELS[purpose]} antes de ${action} este`);
