import { TEMPLATE_MAX_FIELDS, type TAdminTemplate, type TTemplateField } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { anamnesisTemplates } from '../../db/schema/index';
import type { RequestOrigin } from '../../platform/audit';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { keepNothing, type KeepAnswer } from '../../platform/http/idempotency-store';
import { lockAdminTemplate, toAdminTemplate } from './admin-template';
import { recordAssistantChange, type AssistantAction } from './assistant-audit';

type FieldAction = Extract<AssistantAction, `admin.template.field${string}`>;

/**
 * Changes a template's fields under its row's lock: `change` answers the new list from the stored one, or throws
 * and nothing is written.
 */
async function changeFields(
  db: Database,
  adminId: string,
  origin: RequestOrigin,
  templateId: string,
  action: FieldAction,
  change: (fields: TTemplateField[]) => { fields: TTemplateField[]; details: Record<string, unknown> },
  keep: KeepAnswer = keepNothing,
): Promise<TAdminTemplate> {
  return db.transaction(async (tx) => {
    const current = await lockAdminTemplate(tx, templateId);
    const { fields, details } = change(current.fields);
    const [row] = await tx
      .update(anamnesisTemplates)
      .set({ fields, updatedAt: new Date() })
      .where(eq(anamnesisTemplates.id, templateId))
      .returning();
    await recordAssistantChange(tx, adminId, origin, action, { template_id: templateId, ...details });
    const template = toAdminTemplate(row!);
    await keep(tx, template);
    return template;
  });
}

const fieldNotFound = () => notFound('Campo');
const duplicateId = () => fieldError(['body', 'id'], 'Já existe um campo com este id');

function indexOfField(fields: TTemplateField[], fieldId: string): number {
  const index = fields.findIndex((field) => field.id === fieldId);
  if (index < 0) throw fieldNotFound();
  return index;
}

/** Appends a field; its id must be new in the template. */
export function addField(
  db: Database,
  adminId: string,
  origin: RequestOrigin,
  templateId: string,
  field: TTemplateField,
  keep: KeepAnswer,
) {
  return changeFields(
    db,
    adminId,
    origin,
    templateId,
    'admin.template.field_added',
    (fields) => {
      if (fields.some((each) => each.id === field.id)) throw duplicateId();
      if (fields.length >= TEMPLATE_MAX_FIELDS) {
        throw new AppError('conflict', `O modelo já tem ${TEMPLATE_MAX_FIELDS} campos, o máximo`);
      }
      return { fields: [...fields, field], details: { field_id: field.id } };
    },
    keep,
  );
}

/** Replaces a field in its place; its id may change to one no other field has. */
export function updateField(
  db: Database,
  adminId: string,
  origin: RequestOrigin,
  templateId: string,
  fieldId: string,
  field: TTemplateField,
) {
  return changeFields(db, adminId, origin, templateId, 'admin.template.field_updated', (fields) => {
    const index = indexOfField(fields, fieldId);
    if (field.id !== fieldId && fields.some((each) => each.id === field.id)) throw duplicateId();
    return {
      fields: fields.map((each, at) => (at === index ? field : each)),
      details: { field_id: fieldId, new_id: field.id },
    };
  });
}

/** Removes a field; a template keeps at least one. */
export function deleteField(db: Database, adminId: string, origin: RequestOrigin, templateId: string, fieldId: string) {
  return changeFields(db, adminId, origin, templateId, 'admin.template.field_deleted', (fields) => {
    const index = indexOfField(fields, fieldId);
    if (fields.length === 1) {
      throw new AppError('conflict', 'Um modelo precisa de ao menos um campo: inclua outro antes de excluir este');
    }
    return { fields: fields.filter((_, at) => at !== index), details: { field_id: fieldId } };
  });
}

/** Puts the fields in `order`, which must name every field of the template exactly once. */
export function reorderFields(
  db: Database,
  adminId: string,
  origin: RequestOrigin,
  templateId: string,
  order: string[],
) {
  return changeFields(db, adminId, origin, templateId, 'admin.template.fields_reordered', (fields) => {
    const byId = new Map(fields.map((field) => [field.id, field]));
    const unknown = order.filter((id) => !byId.has(id));
    const missing = fields.filter((field) => !order.includes(field.id)).map((field) => field.id);
    const repeated = order.filter((id, index) => order.indexOf(id) !== index);
    const problems = [
      unknown.length > 0 && `desconhecidos: ${unknown.join(', ')}`,
      missing.length > 0 && `faltando: ${missing.join(', ')}`,
      repeated.length > 0 && `repetidos: ${[...new Set(repeated)].join(', ')}`,
    ].filter(Boolean);
    if (problems.length > 0) {
      throw fieldError(
        ['querystring', 'order'],
        `Informe todos os campos do modelo, cada um uma vez (${problems.join('; ')})`,
      );
    }
    return { fields: order.map((id) => byId.get(id)!), details: { order } };
  });
}
