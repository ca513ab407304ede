import { and, eq, lt } from 'drizzle-orm';
import { anamnesisVersions, type AnamnesisVersionRow } from '../../db/schema/index';
import { llmUnconfiguredError } from '../../providers/llm/create-llm-provider';
import type { App } from '../../platform/services';
import { inTransaction } from '../../platform/transaction';
import { refundGeneration } from '../credits/refund-generation';
import { publishField, publishGenerationEnd, publishGenerationFailed } from './anamnesis-messages';
import { draftNote, type Draft } from './draft-note';
import { generationFailures, toGenerationFailure, type GenerationFailure } from './generation-failure';
import { latestReadyVersion } from './anamnesis-store';

/** Live messages sent one after the other, so `end` (or the failure) can wait for the last field. */
class MessageChain {
  private last: Promise<void> = Promise.resolve();

  add(send: () => Promise<void>): void {
    this.last = this.last.then(send);
  }

  settled(): Promise<void> {
    return this.last;
  }
}

/**
 * The `generate-anamnesis` job. Delivery is at least once: only a version still `generating` is worked on, and
 * only the run that moves it on (to `ready`, or to `failed` with its refund) stores and announces anything.
 * Provider faults fail the version; anything else (the database went away) is thrown for the queue to retry.
 */
export async function generateAnamnesis(app: App, anamnesisId: string): Promise<void> {
  const [row] = await app.db.select().from(anamnesisVersions).where(eq(anamnesisVersions.id, anamnesisId));
  if (row?.status !== 'generating') return;
  const messages = new MessageChain();
  const { llm } = app.providers;
  try {
    if (!llm) throw llmUnconfiguredError();
    const base = row.fieldId ? await latestReadyVersion(app.db, row.consultationId, row.version) : undefined;
    if (row.fieldId && !base) throw new Error(`Version ${row.id} has no ready note to change`);
    const draft = await draftNote(app, llm, row, base, (field) =>
      messages.add(() =>
        publishField(app, row.userId, {
          consultation_id: row.consultationId,
          anamnesis_id: row.id,
          field_id: field.field_id,
          text: field.text,
          sources: field.sources,
        }),
      ),
    );
    await storeNote(app, row, draft, messages);
  } catch (error) {
    const failure = toGenerationFailure(error);
    if (!failure) throw error;
    await failGeneration(app, row, failure, messages);
  }
}

/**
 * Stores the note as ready; only the run that moves the version on announces it: `end` once committed (a page
 * reading the note on `end` finds it) and after every field message.
 */
async function storeNote(app: App, row: AnamnesisVersionRow, draft: Draft, messages: MessageChain): Promise<void> {
  // One conditional update: only the run that finds the version still generating stores it.
  const stored = await app.db
    .update(anamnesisVersions)
    .set({ status: 'ready', fields: draft.fields, provenance: draft.provenance, finishedAt: new Date() })
    .where(and(eq(anamnesisVersions.id, row.id), eq(anamnesisVersions.status, 'generating')))
    .returning({ id: anamnesisVersions.id });
  if (stored.length === 0) return;
  app.log.info(
    { anamnesis_id: row.id, after_provider_ms: Number((performance.now() - draft.providerFinishedAt).toFixed(1)) },
    'anamnesis stored',
  );
  await messages.settled();
  await publishGenerationEnd(app, row.userId, { consultationId: row.consultationId, anamnesisId: row.id });
}

/** Fails the version once: its reason stored, its credit returned, the professional told. */
export async function failGeneration(
  app: App,
  row: Pick<AnamnesisVersionRow, 'id' | 'userId' | 'consultationId'>,
  failure: GenerationFailure,
  messages?: MessageChain,
): Promise<void> {
  const isFailed = await inTransaction(app, async (tx, afterCommit) => {
    const failed = await tx
      .update(anamnesisVersions)
      .set({ status: 'failed', failure: failure.message, finishedAt: new Date() })
      .where(and(eq(anamnesisVersions.id, row.id), eq(anamnesisVersions.status, 'generating')))
      .returning({ id: anamnesisVersions.id });
    if (failed.length === 0) return false;
    const reason = 'Geração de anamnese não concluída';
    await refundGeneration(app, tx, afterCommit, { anamnesisId: row.id, userId: row.userId, reason });
    return true;
  });
  if (!isFailed) return;
  await messages?.settled();
  await publishGenerationFailed(app, row.userId, {
    consultationId: row.consultationId,
    anamnesisId: row.id,
    statusCode: failure.statusCode,
    detail: failure.message,
  });
}

/**
 * Versions still `generating` long after any run could have ended: the queue gave up retrying (the database was
 * down for long) or lost the job. They fail and are refunded, so the consultation can generate again.
 */
export async function failStaleGenerations(app: App, olderThanMs: number): Promise<void> {
  const stale = await app.db
    .select({
      id: anamnesisVersions.id,
      userId: anamnesisVersions.userId,
      consultationId: anamnesisVersions.consultationId,
    })
    .from(anamnesisVersions)
    .where(
      and(
        eq(anamnesisVersions.status, 'generating'),
        lt(anamnesisVersions.createdAt, new Date(Date.now() - olderThanMs)),
      ),
    );
  for (const row of stale) await failGeneration(app, row, generationFailures.unfinished());
}
