import { NOT_INFORMED, type TAnamnesisField } from '@escriba/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { styleEditPairs } from '../../db/schema/index';
import type { App } from '../../platform/services';
import type { AfterCommit } from '../../platform/transaction';
import { queueLearningIfDue } from './style-learning-queue';

/** The note's fields before and after one of her edits. */
export interface NoteEdit {
  userId: string;
  consultationId: string;
  before: readonly TAnamnesisField[];
  after: readonly TAnamnesisField[];
}

/**
 * Keeps, in the edit's transaction, what she changed in text the assistant wrote: a new pair for a field the
 * assistant wrote, or the pair's final text when she edits her edit again. Her own text, written where the
 * assistant had nothing ("Não informado"), shows no preference about its writing and is not kept.
 */
export async function recordEditPairs(app: App, tx: Database, afterCommit: AfterCommit, edit: NoteEdit) {
  const { userId, consultationId } = edit;
  let isRecorded = false;
  for (const field of edit.after) {
    const prior = edit.before.find((each) => each.field_id === field.field_id);
    if (!prior || prior.text === field.text) continue;
    if (!prior.edited) {
      if (prior.text === NOT_INFORMED) continue;
      await tx.insert(styleEditPairs).values({
        userId,
        consultationId,
        fieldId: field.field_id,
        generatedText: prior.text,
        finalText: field.text,
      });
      isRecorded = true;
    } else {
      isRecorded = (await updateFinalText(tx, userId, consultationId, prior, field.text)) || isRecorded;
    }
  }
  if (isRecorded) await queueLearningIfDue(app, tx, afterCommit, userId);
}

/** Her edit of her own earlier edit: the pair whose final text it was now ends with the new text. */
async function updateFinalText(
  tx: Database,
  userId: string,
  consultationId: string,
  prior: TAnamnesisField,
  text: string,
): Promise<boolean> {
  const [pair] = await tx
    .select({ id: styleEditPairs.id })
    .from(styleEditPairs)
    .where(
      and(
        eq(styleEditPairs.userId, userId),
        eq(styleEditPairs.consultationId, consultationId),
        eq(styleEditPairs.fieldId, prior.field_id),
        eq(styleEditPairs.finalText, prior.text),
      ),
    )
    .orderBy(desc(styleEditPairs.createdAt))
    .limit(1);
  if (!pair) return false;
  await tx
    .update(styleEditPairs)
    .set({ finalText: text, learned: false, updatedAt: new Date() })
    .where(eq(styleEditPairs.id, pair.id));
  return true;
}
