import type {
  TAnamnesisProvenance,
  TAnamnesisVersion,
  TAnamnesisVersionKind,
  TGenerationBody,
} from '@escriba/contract';
import type { Database } from '../../db/client';
import { anamnesisVersions, type AnamnesisVersionRow } from '../../db/schema/index';
import { AppError, fieldError } from '../../platform/errors';
import type { KeepAnswer } from '../../platform/http/idempotency-store';
import type { App } from '../../platform/services';
import { activePrompt } from '../assistant-seeds/active-prompt';
import { draftedWith } from '../generation/generation-provenance';
import { assertMayGenerate, startPaidGeneration } from '../generation/start-paid-generation';
import { findUsableTemplate } from '../templates/usable-template';
import { enqueueGeneration } from './anamnesis-jobs';
import { latestReadyVersion, latestVersion, shownNumber } from './anamnesis-store';
import { toAnamnesisVersion } from './anamnesis-view';

type NotePurpose = TAnamnesisProvenance['prompts'][number]['purpose'];

export type StartGenerationResult = { version: TAnamnesisVersion } | { isUnconfigured: true };

export const generationRunning = () =>
  new AppError('conflict', 'Já há uma geração em andamento para esta consulta; aguarde ela terminar.');

/**
 * POST .../anamnesis/{type}: checks everything that can be checked before spending, then records the version
 * (`generating`, with its provenance) and spends its credit in one transaction under the consultation's row
 * lock, so two requests cannot both start a generation nor overdraw the balance. The job is queued in the same
 * transaction: a version that exists always has its job.
 */
export async function startGeneration(
  app: App,
  userId: string,
  consultationId: string,
  templateId: string,
  body: TGenerationBody,
  keep: KeepAnswer,
): Promise<StartGenerationResult> {
  await assertMayGenerate(app.db, userId, consultationId);
  const template = await findUsableTemplate(app.db, userId, templateId);
  const { llm } = app.providers;
  if (!llm) return { isUnconfigured: true };

  const cost = app.config.credits.generationCost;
  return startPaidGeneration(app, userId, consultationId, cost, async (tx, afterCommit) => {
    const latest = await latestVersion(tx, consultationId);
    if (latest?.status === 'generating') throw generationRunning();
    const base = body.field_id ? await baseForField(tx, consultationId, template.id, body.field_id) : undefined;
    const kind: TAnamnesisVersionKind = !body.field_id ? 'generation' : body.instruction ? 'rewrite' : 'regeneration';
    const purpose: NotePurpose = kind === 'rewrite' ? 'field_rewrite' : 'anamnesis';
    // The whole note also proposes its diagnostic hypotheses; a field redone leaves them as they are.
    const purposes: NotePurpose[] = kind === 'generation' ? [purpose, 'diagnoses'] : [purpose];
    const prompts = await Promise.all(purposes.map((each) => activePrompt(tx, each)));
    const [inserted] = await tx
      .insert(anamnesisVersions)
      .values({
        consultationId,
        userId,
        version: (latest?.version ?? 0) + 1,
        kind,
        status: 'generating',
        fieldId: body.field_id ?? null,
        instruction: body.instruction ?? null,
        templateId: template.id,
        // A field's regeneration keeps the note's shape: the fields it was made with.
        templateFields: base?.templateFields ?? template.fields,
        provenance: {
          template: { id: template.id, name: template.name },
          prompts: prompts.map((prompt, index) => ({
            purpose: purposes[index]!,
            prompt_id: prompt.id,
            version: prompt.version,
          })),
          ...(await draftedWith(tx, userId, consultationId, llm.model)),
          // The fields a regeneration copies keep the statements she confirmed, and the record of it.
          reviews: base?.provenance.reviews.filter((review) => review.field_id !== body.field_id) ?? [],
        },
      })
      .returning();
    await enqueueGeneration(app, inserted!.id, { tx, afterCommit });
    const version = toAnamnesisVersion(inserted!, await shownNumber(tx, inserted!));
    await keep(tx, version);
    return { paid: { anamnesisId: inserted!.id }, result: { version } };
  });
}

/** The latest ready note, which a field's regeneration or rewrite changes; it must hold that field. */
async function baseForField(
  db: Database,
  consultationId: string,
  templateId: string,
  fieldId: string,
): Promise<AnamnesisVersionRow> {
  const base = await latestReadyVersion(db, consultationId);
  if (!base)
    throw new AppError('conflict', 'Ainda não há anamnese pronta nesta consulta: gere a anamnese inteira primeiro.');
  if (base.templateId !== templateId) {
    throw new AppError(
      'conflict',
      'A anamnese atual foi feita com outro modelo: refaça o campo com o modelo dela ou gere a anamnese inteira com este.',
    );
  }
  if (!base.fields.some((field) => field.field_id === fieldId)) {
    throw fieldError(['body', 'field_id'], 'Este campo não existe na anamnese atual');
  }
  return base;
}
