import type { ZAnamnesisTemplateBody } from '@escriba/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { AnamnesisTemplateRow } from '../../db/schema/index';
import { AppError, fieldError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { findUsableTemplate } from './usable-template';

export type TemplateInput = z.output<typeof ZAnamnesisTemplateBody>;

/**
 * The stored columns of a template body, once what zod cannot check holds: the specialty exists and
 * the template it was copied from is one `userId` may use (read through `db`: the caller's transaction, if any). `current` is the row being replaced: an
 * omitted source keeps its own, and an unchanged one is not checked again (its source may be gone).
 */
export async function templateColumns(
  app: App,
  db: Database,
  userId: string,
  input: TemplateInput,
  current?: AnamnesisTemplateRow,
): Promise<Pick<AnamnesisTemplateRow, 'name' | 'specializationId' | 'sourceTemplateId' | 'fields'>> {
  const specializationId = input.specialization_id ?? null;
  if (specializationId !== null && !(await app.referenceData.specialization(specializationId))) {
    throw fieldError(['body', 'specialization_id'], 'Especialidade não encontrada');
  }
  const sourceTemplateId =
    input.source_template_id === undefined ? (current?.sourceTemplateId ?? null) : input.source_template_id;
  if (sourceTemplateId !== null && sourceTemplateId !== current?.sourceTemplateId) {
    if (sourceTemplateId === current?.id) {
      throw fieldError(['body', 'source_template_id'], 'Um modelo não pode ser cópia de si mesmo');
    }
    await findUsableTemplate(db, userId, sourceTemplateId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'not_found') {
        throw fieldError(['body', 'source_template_id'], 'Modelo de origem não encontrado');
      }
      throw error;
    });
  }
  return { name: input.name, specializationId, sourceTemplateId, fields: input.fields };
}
