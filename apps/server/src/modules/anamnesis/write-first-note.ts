import type { TAnamnesisEditBody } from '@escriba/contract';
import { anamnesisVersions, type AnamnesisVersionRow, type ConsultationRow } from '../../db/schema/index';
import { AppError, fieldError } from '../../platform/errors';
import type { Tx } from '../../platform/transaction';
import { NO_SOURCES } from '../generation/source-labels';
import { editedStatements } from '../statements/edited-statements';
import { findUsableTemplate } from '../templates/usable-template';
import { latestReadyVersion, type latestVersion } from './anamnesis-store';

/**
 * A consultation's first note written by hand (PUT .../anamnesis with `template_id`; a consultation without AI
 * has no other way to one): the template's fields in order, each with the text sent or empty, all marked edited,
 * with no sources and a provenance that names no persona, prompt, model nor input. Under the consultation's row
 * lock; once a note exists, edits name it (`base_version`), so two tabs starting one get a 409 on the second.
 */
export async function writeFirstNote(
  tx: Tx,
  consultation: ConsultationRow,
  latest: Awaited<ReturnType<typeof latestVersion>>,
  body: TAnamnesisEditBody & { template_id: string },
): Promise<AnamnesisVersionRow> {
  if (await latestReadyVersion(tx, consultation.id)) {
    throw new AppError('conflict', 'Esta consulta já tem uma anamnese: recarregue-a e edite a versão mais nova.');
  }
  const template = await findUsableTemplate(tx, consultation.userId, body.template_id);
  const texts = new Map<string, string>();
  body.fields.forEach(({ field_id, text }, index) => {
    if (!template.fields.some((field) => field.id === field_id)) {
      throw fieldError(['body', 'fields', index, 'field_id'], 'Este campo não existe no modelo');
    }
    texts.set(field_id, text);
  });
  const [inserted] = await tx
    .insert(anamnesisVersions)
    .values({
      consultationId: consultation.id,
      userId: consultation.userId,
      // A failed generation may already have taken a number.
      version: (latest?.version ?? 0) + 1,
      kind: 'edit',
      status: 'ready',
      templateId: template.id,
      templateFields: template.fields,
      fields: template.fields.map((field) => {
        const text = texts.get(field.id) ?? '';
        // Every sentence is hers: confirmed, with no source to check it against.
        return {
          field_id: field.id,
          title: field.title,
          text,
          sources: NO_SOURCES,
          edited: true,
          ...handWritten(text),
        };
      }),
      provenance: {
        template: { id: template.id, name: template.name },
        persona: null,
        prompts: [],
        model: null,
        inputs: {
          transcript: null,
          evidence_ids: [],
          patient_id: consultation.patientId,
          user_context: false,
          condensed: false,
        },
        style_preferences: null,
        reviews: [],
      },
      finishedAt: new Date(),
    })
    .returning();
  return inserted!;
}

const handWritten = (text: string) => ({ statements: editedStatements([], text).statements });
