import type { TAnamnesisEditBody, TAnamnesisField, TAnamnesisVersion, TStatementReview } from '@escriba/contract';
import { anamnesisVersions } from '../../db/schema/index';
import { AppError, fieldError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { inTransaction } from '../../platform/transaction';
import { assertEditable, lockConsultation } from '../consultations/get-consultation';
import { recordEditPairs } from '../style/record-edit-pairs';
import { latestReadyVersion, latestVersion, shownNumber } from './anamnesis-store';
import { toAnamnesisVersion } from './anamnesis-view';
import { editedStatements } from '../statements/edited-statements';
import { generationRunning } from './start-generation';
import { writeFirstNote } from './write-first-note';

const KEEP_YOUR_TEXT = 'Seu texto continua na tela: copie-o antes de recarregar a anamnese.';

/**
 * PUT .../anamnesis: the professional's texts and confirmations over the latest note (`base_version`), or a first
 * note written by hand (`template_id`, see writeFirstNote), stored as a new version (kind `edit`) with the changed
 * fields marked edited; the others, and every field's sources, are kept. A statement she confirmed or wrote is
 * `confirmed`, and the provenance's `reviews` records it. Under the
 * consultation's row lock, so of two tabs saving over the same version the second gets 409 and stores nothing.
 * What she changed in the assistant's text is kept for learning her writing preferences (modules/style).
 */
export async function editAnamnesis(
  app: App,
  userId: string,
  consultationId: string,
  body: TAnamnesisEditBody,
): Promise<TAnamnesisVersion> {
  const row = await inTransaction(app, async (tx, afterCommit) => {
    const consultation = await lockConsultation(tx, userId, consultationId);
    assertEditable(consultation);
    const latest = await latestVersion(tx, consultationId);
    if (latest?.status === 'generating') throw generationRunning();
    const { template_id } = body;
    if (template_id !== undefined) return writeFirstNote(tx, consultation, latest, { ...body, template_id });
    const base = await latestReadyVersion(tx, consultationId);
    if (!base || !latest) throw new AppError('conflict', 'Ainda não há anamnese pronta nesta consulta para editar.');
    if (base.version !== body.base_version) {
      throw new AppError(
        'conflict',
        `A anamnese mudou desde que você a abriu (agora na versão ${await shownNumber(tx, base)}, talvez salva em outra aba). ${KEEP_YOUR_TEXT}`,
      );
    }
    const { fields, reviews } = appliedChanges(base.fields, body, { userId, at: new Date() });
    if (fields.every((field, index) => field === base.fields[index])) return base;
    const [inserted] = await tx
      .insert(anamnesisVersions)
      .values({
        consultationId,
        userId,
        // After the base, a failed generation may have taken the next number.
        version: latest.version + 1,
        kind: 'edit',
        status: 'ready',
        templateId: base.templateId,
        templateFields: base.templateFields,
        fields,
        provenance: { ...base.provenance, reviews: [...base.provenance.reviews, ...reviews] },
        finishedAt: new Date(),
      })
      .returning();
    await recordEditPairs(app, tx, afterCommit, { userId, consultationId, before: base.fields, after: fields });
    return inserted!;
  });
  return toAnamnesisVersion(row, await shownNumber(app.db, row));
}

/** The note's fields with her confirmations, then her texts, applied; what she vouched for, for the provenance. */
function appliedChanges(
  fields: readonly TAnamnesisField[],
  body: TAnamnesisEditBody,
  by: { userId: string; at: Date },
): { fields: TAnamnesisField[]; reviews: TStatementReview[] } {
  const reviews: TStatementReview[] = [];
  const review = (field_id: string, text: string, action: TStatementReview['action']) =>
    reviews.push({ field_id, text, action, user_id: by.userId, at: by.at.toISOString() });
  const confirmed = new Map<string, Set<number>>();
  body.confirmations.forEach(({ field_id, index }, at) => {
    const field = fields.find((each) => each.field_id === field_id);
    if (!field) throw fieldError(['body', 'confirmations', at, 'field_id'], 'Este campo não existe na anamnese');
    if (index >= field.statements.length) {
      throw fieldError(['body', 'confirmations', at, 'index'], 'Esta frase não existe no campo');
    }
    confirmed.set(field_id, (confirmed.get(field_id) ?? new Set()).add(index));
  });
  const texts = new Map<string, string>();
  body.fields.forEach(({ field_id, text }, index) => {
    if (!fields.some((field) => field.field_id === field_id)) {
      throw fieldError(['body', 'fields', index, 'field_id'], 'Este campo não existe na anamnese');
    }
    texts.set(field_id, text);
  });
  const changed = fields.map((field) => {
    let { statements } = field;
    const indexes = confirmed.get(field.field_id);
    if (indexes) {
      statements = statements.map((statement, index) => {
        if (!indexes.has(index) || statement.status === 'confirmed') return statement;
        review(field.field_id, statement.text, 'confirmed');
        return { ...statement, status: 'confirmed', reason: null };
      });
    }
    const text = texts.get(field.field_id);
    if (text !== undefined && text !== field.text) {
      const edited = editedStatements(statements, text);
      edited.written.forEach((written) => review(field.field_id, written, 'edited'));
      return { ...field, text, edited: true, statements: edited.statements };
    }
    return statements === field.statements ? field : { ...field, statements };
  });
  return { fields: changed, reviews };
}
