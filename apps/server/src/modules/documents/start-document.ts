import {
  documentPromptPurpose,
  type TDocumentGenerationBody,
  type TDocumentKind,
  type TDocumentSummary,
} from '@escriba/contract';
import { documents, documentVersions } from '../../db/schema/index';
import { fieldError } from '../../platform/errors';
import type { KeepAnswer } from '../../platform/http/idempotency-store';
import type { App } from '../../platform/services';
import { latestReadyVersion } from '../anamnesis/anamnesis-store';
import { activePrompt } from '../assistant-seeds/active-prompt';
import { draftedWith } from '../generation/generation-provenance';
import { assertMayGenerate, startPaidGeneration } from '../generation/start-paid-generation';
import { enqueueDocumentGeneration } from './document-jobs';
import { toDocumentSummary } from './document-view';

export type StartDocumentResult = { document: TDocumentSummary } | { isUnconfigured: true };

/** `days` and `include_cid` belong to an atestado only. */
function assertFitsKind(kind: TDocumentKind, body: TDocumentGenerationBody): void {
  if (kind === 'atestado') return;
  if (body.days !== undefined) throw fieldError(['body', 'days'], 'Dias de afastamento só cabem em um atestado');
  if (body.include_cid !== undefined) throw fieldError(['body', 'include_cid'], 'O CID só é pedido para um atestado');
}

/**
 * POST .../documents/{kind}: checks everything that can be checked before spending, then records the document and
 * its generating version 1 (with its provenance) and spends its credit in one transaction under the consultation's
 * row lock, so concurrent requests cannot overdraw the balance. The job is queued in the same transaction: a
 * document that exists always has its job.
 */
export async function startDocument(
  app: App,
  userId: string,
  consultationId: string,
  kind: TDocumentKind,
  body: TDocumentGenerationBody,
  keep: KeepAnswer,
): Promise<StartDocumentResult> {
  await assertMayGenerate(app.db, userId, consultationId);
  assertFitsKind(kind, body);
  const { llm } = app.providers;
  if (!llm) return { isUnconfigured: true };

  // Counted with the notes against the professional's generation limit.
  const cost = app.config.credits.documentCost;
  return startPaidGeneration(app, userId, consultationId, cost, async (tx, afterCommit) => {
    const purpose = documentPromptPurpose(kind);
    const [prompt, note] = await Promise.all([activePrompt(tx, purpose), latestReadyVersion(tx, consultationId)]);
    const [document] = await tx
      .insert(documents)
      .values({
        consultationId,
        userId,
        kind,
        request: {
          instructions: body.instructions || null,
          days: body.days ?? null,
          include_cid: body.include_cid ?? false,
        },
      })
      .returning();
    const { inputs, ...drafted } = await draftedWith(tx, userId, consultationId, llm.model);
    const [version] = await tx
      .insert(documentVersions)
      .values({
        documentId: document!.id,
        version: 1,
        kind: 'generation',
        status: 'generating',
        provenance: {
          ...drafted,
          prompts: [{ purpose, prompt_id: prompt.id, version: prompt.version }],
          inputs: { ...inputs, note: note ? { anamnesis_id: note.id, version: note.version } : null },
        },
      })
      .returning();
    await enqueueDocumentGeneration(app, version!.id, { tx, afterCommit });
    const summary = toDocumentSummary(document!, version!);
    await keep(tx, summary);
    return { paid: { documentId: document!.id }, result: { document: summary } };
  });
}
