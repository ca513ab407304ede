import {
  documentPromptPurpose,
  type TDocumentGenerationBody,
  type TDocumentKind,
  type TDocumentSummary,
} from '@escriba/contract';
import { consultations, documents, documentVersions } from '../../db/schema/index';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { inTransaction } from '../../platform/transaction';
import { latestReadyVersion } from '../anamnesis/anamnesis-store';
import { activePrompt } from '../assistant-seeds/active-prompt';
import { personaFor } from '../assistant-seeds/default-persona';
import { appliedStylePreferences } from '../style/style-store';
import { assertAiEnabled } from '../consultations/ai-choice';
import {
  assertEditable,
  consultationNotFound,
  lockConsultation,
  ownConsultation,
} from '../consultations/get-consultation';
import { spendCredits } from '../credits/credit-ledger';
import { refreshBalance } from '../credits/refresh-balance';
import { currentInputs } from '../generation/read-generation-inputs';
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
  body: TDocumentGenerationBody = {},
): Promise<StartDocumentResult> {
  const [consultation] = await app.db.select().from(consultations).where(ownConsultation(userId, consultationId));
  if (!consultation) throw consultationNotFound();
  assertEditable(consultation);
  assertAiEnabled(consultation, 'generation');
  assertFitsKind(kind, body);
  const { llm } = app.providers;
  if (!llm) return { isUnconfigured: true };

  // Counted per professional, with the notes, before anything is written; a start that fails gives it back.
  const limit = app.rateLimits.generationsPerProfessional;
  await limit.consume(userId);
  return inTransaction(app, async (tx, afterCommit) => {
    const locked = await lockConsultation(tx, userId, consultationId);
    assertEditable(locked);
    assertAiEnabled(locked, 'generation');
    const purpose = documentPromptPurpose(kind);
    const [persona, prompt, note] = await Promise.all([
      personaFor(tx, userId),
      activePrompt(tx, purpose),
      latestReadyVersion(tx, consultationId),
    ]);
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
    const [version] = await tx
      .insert(documentVersions)
      .values({
        documentId: document!.id,
        version: 1,
        kind: 'generation',
        status: 'generating',
        provenance: {
          persona: persona ? { id: persona.id, name: persona.name } : null,
          prompts: [{ purpose, prompt_id: prompt.id, version: prompt.version }],
          model: llm.model,
          inputs: {
            ...(await currentInputs(tx, consultationId)),
            condensed: false,
            note: note ? { anamnesis_id: note.id, version: note.version } : null,
          },
          style_preferences: await appliedStylePreferences(tx, userId),
        },
      })
      .returning();
    await spendCredits(tx, userId, app.config.credits.documentCost, { documentId: document!.id });
    await enqueueDocumentGeneration(app, version!.id, { tx, afterCommit });
    afterCommit(() => refreshBalance(app, userId));
    return { document: toDocumentSummary(document!, version!) };
  }).catch(limit.refundOnFailure(userId));
}
