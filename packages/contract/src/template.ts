import { z } from 'zod';
import { zLine, zText } from './text';
import { MAX_INT4 } from './integer';

/** Free text, a list (one item per line), or a short answer (a line). */
export const ZTemplateFieldKind = z.enum(['text', 'list', 'short'], 'Use text, list ou short');
export type TTemplateFieldKind = z.infer<typeof ZTemplateFieldKind>;
export const TEMPLATE_FIELD_KIND_LABELS: Record<TTemplateFieldKind, string> = {
  text: 'Texto livre',
  list: 'Lista',
  short: 'Resposta curta',
};

export const TEMPLATE_FIELD_ID = /^[a-z0-9_]{1,60}$/;
export const TEMPLATE_MAX_FIELDS = 40;

/** One field of an anamnesis template: what the assistant fills, and how. */
export const ZTemplateField = z.object({
  /** Stable within the template: notes and sources refer to it. */
  id: z.string().regex(TEMPLATE_FIELD_ID, 'Use letras minúsculas sem acento, números e _ (até 60)'),
  title: zLine({ max: 120, required: 'Informe o título' }),
  /** What the assistant must write in this field. */
  instructions: zText({ min: 0, max: 2000, trim: true }),
  kind: ZTemplateFieldKind,
});
export type TTemplateField = z.infer<typeof ZTemplateField>;

/** A template's fields: at least one, ids unique. */
export const ZTemplateFields = z
  .array(ZTemplateField)
  .min(1, 'Inclua ao menos um campo')
  .max(TEMPLATE_MAX_FIELDS, `No máximo ${TEMPLATE_MAX_FIELDS} campos`)
  .superRefine((fields, context) => {
    const seen = new Set<string>();
    fields.forEach((field, index) => {
      if (seen.has(field.id)) {
        context.addIssue({ code: 'custom', path: [index, 'id'], message: 'Já existe um campo com este id' });
      }
      seen.add(field.id);
    });
  });

/**
 * An anamnesis template. `published`: managed by administrators and offered to everyone (read-only to
 * professionals); otherwise it is the professional's own.
 */
export const ZAnamnesisTemplate = z.object({
  id: z.uuid(),
  name: z.string(),
  specialization_id: z.number().int().nullable(),
  published: z.boolean(),
  /** The template this one was copied from, if any. */
  source_template_id: z.uuid().nullable(),
  fields: z.array(ZTemplateField),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type TAnamnesisTemplate = z.infer<typeof ZAnamnesisTemplate>;

/** POST /user/templates/anamnesis/ and PUT /user/templates/anamnesis/{id}. */
export const ZAnamnesisTemplateBody = z.strictObject({
  name: zLine({ max: 120, required: 'Informe o nome' }),
  specialization_id: z.number().int().positive().max(MAX_INT4).nullable().optional(),
  source_template_id: z.uuid().nullable().optional(),
  fields: ZTemplateFields,
});
export type TAnamnesisTemplateBody = z.infer<typeof ZAnamnesisTemplateBody>;

/**
 * GET /user/templates/anamnesis/default: the template a new note starts from for this professional, the one of her
 * specialization; null when she has none, or it has no template of its own (the picker's order decides then).
 */
export const ZPreferredTemplate = z.object({ template_id: z.uuid().nullable() });
export type TPreferredTemplate = z.infer<typeof ZPreferredTemplate>;

/** GET /common/specializations/{id}/default: the published template for the specialization. */
export const ZDefaultTemplate = z.object({
  id: z.uuid(),
  name: z.string(),
  specialization_id: z.number().int(),
  fields: z.array(ZTemplateField),
});
export type TDefaultTemplate = z.infer<typeof ZDefaultTemplate>;
