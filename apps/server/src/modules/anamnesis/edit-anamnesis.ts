import type { TAnamnesisEditBody, TAnamnesisVersion } from '@escriba/contract';
import { anamnesisVersions } from '../../db/schema/index';
import { AppError, fieldError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { assertEditable, lockConsultation } from '../consultations/get-consultation';
import { latestReadyVersion, latestVersion, shownNumber } from './anamnesis-store';
import { toAnamnesisVersion } from './anamnesis-view';
import { generationRunning } from './start-generation';
import { writeFirstNote } from './write-first-note';

const KEEP_YOUR_TEXT = 'Seu texto continua na tela: copie-o antes de recarregar a anamnese.';

/**
 * PUT .../anamnesis: the professional's texts over the latest note (`base_version`), or a first note written by
 * hand (`template_id`, see writeFirstNote), stored as a new version
 * (kind `edit`) with the changed fields marked edited; the others, and every field's sources, are kept. Under the
 * consultation's row lock, so of two tabs saving over the same version the second gets 409 and stores nothing.
 */
export async function editAnamnesis(
  app: App,
  userId: string,
  consultationId: string,
  body: TAnamnesisEditBody,
): Promise<TAnamnesisVersion> {
  const row = await app.db.transaction(async (tx) => {
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
    const texts = new Map<string, string>();
    body.fields.forEach(({ field_id, text }, index) => {
      if (!base.fields.some((field) => field.field_id === field_id)) {
        throw fieldError(['body', 'fields', index, 'field_id'], 'Este campo não existe na anamnese');
      }
      texts.set(field_id, text);
    });
    const fields = base.fields.map((field) => {
      const text = texts.get(field.field_id);
      return text === undefined || text === field.text ? field : { ...field, text, edited: true };
    });
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
        provenance: base.provenance,
        finishedAt: new Date(),
      })
      .returning();
    return inserted!;
  });
  return toAnamnesisVersion(row, await shownNumber(app.db, row));
}
