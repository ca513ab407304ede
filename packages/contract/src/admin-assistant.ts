import { z } from 'zod';
import { zLine, zString } from './text';
import { ZAnamnesisField } from './anamnesis';
import { MAX_INT4 } from './integer';
import { ZPersona, ZPersonaBody, ZPrompt, ZPromptBody, type TPromptPurpose } from './persona-prompt';
import { TEMPLATE_FIELD_ID, ZAnamnesisTemplate, ZTemplateField, ZTemplateFields } from './template';

/**
 * Admin views of prompts, personas and templates. `seeded`: shipped with Escriba and seeded by key at every
 * start, so it cannot be deleted (409): deactivate the prompt, pick another default persona, unpublish the
 * template instead.
 */
const seeded = { seeded: z.boolean() };

/** What each purpose is, as administrators read it. */
export const PROMPT_PURPOSE_LABELS: Record<TPromptPurpose, string> = {
  anamnesis: 'anamnese',
  field_rewrite: 'reescrita de campo',
  condense: 'condensação de transcrição',
  diagnoses: 'hipóteses diagnósticas (CID-10)',
  document_receita: 'receita',
  document_atestado: 'atestado',
  document_exames: 'solicitação de exames',
  document_encaminhamento: 'encaminhamento',
  document_orientacoes: 'orientações ao paciente',
  document_relatorio: 'relatório médico',
};

/** GET /admin/prompt/ lists these by purpose, the active one first, then by name; versions oldest first. */
export const ZAdminPrompt = ZPrompt.extend(seeded);
export type TAdminPrompt = z.infer<typeof ZAdminPrompt>;

/** POST /admin/prompt/: version 1; `active: true` makes it the purpose's active prompt. */
export const ZAdminPromptBody = ZPromptBody;
export type TAdminPromptBody = z.infer<typeof ZAdminPromptBody>;

/**
 * PUT /admin/prompt/{id}: any of name, text, active. A different text adds a version (earlier ones never change);
 * the same text adds none. `active: true` deactivates the purpose's other prompt; `active: false` on the active
 * prompt is refused (409): activate another one instead.
 */
export const ZAdminPromptUpdate = z
  .strictObject({
    name: ZPromptBody.shape.name.optional(),
    text: ZPromptBody.shape.text.optional(),
    active: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Informe nome, texto ou ativo');
export type TAdminPromptUpdate = z.infer<typeof ZAdminPromptUpdate>;

/**
 * GET /admin/prompt/persona/ lists these, the default first, then by name. `specialization_ids`: the specializations
 * whose professionals it writes for instead of the default, in ascending order.
 */
export const ZAdminPersona = ZPersona.extend({ ...seeded, specialization_ids: z.array(z.number().int()) });
export type TAdminPersona = z.infer<typeof ZAdminPersona>;

/** POST /admin/prompt/persona/ and PUT /admin/prompt/persona/{id} (whole replacement; never the default flag). */
export const ZAdminPersonaBody = ZPersonaBody;
export type TAdminPersonaBody = z.infer<typeof ZAdminPersonaBody>;

/**
 * PUT /admin/prompt/persona/{id}/specializations: exactly the specializations this persona writes for; one held by
 * another persona moves here, one left out falls back to the default persona.
 */
export const ZPersonaSpecializationsBody = z.strictObject({
  specialization_ids: z
    .array(z.number().int().positive().max(MAX_INT4), 'Informe a lista de especialidades')
    .max(500, 'Especialidades demais'),
});
export type TPersonaSpecializationsBody = z.infer<typeof ZPersonaSpecializationsBody>;

/** POST /admin/prompt/test: runs an anamnesis prompt with a persona and a template on the built-in sample. */
export const ZPromptTestBody = z.strictObject({
  prompt_id: z.uuid('Identificador inválido'),
  persona_id: z.uuid('Identificador inválido'),
  template_id: z.uuid('Identificador inválido'),
});
export type TPromptTestBody = z.infer<typeof ZPromptTestBody>;

/** The answer of a test run: nothing is stored and no credit is spent. */
export const ZPromptTestResult = z.object({
  /** The model that answered. */
  model: z.string(),
  /** One per template field, in order; sources name the sample's transcript segments. */
  fields: z.array(ZAnamnesisField),
  /** The synthetic consultation the model read (no real patient). */
  sample: z.object({ title: z.string(), patient: z.string(), transcript: z.array(z.string()) }),
  /** Milliseconds the provider took. */
  duration_ms: z.number(),
});
export type TPromptTestResult = z.infer<typeof ZPromptTestResult>;

/** Field ids are path segments next to `/field/order`, so "order" cannot be one. */
export const RESERVED_TEMPLATE_FIELD_ID = 'order';
const notReserved = (id: string) => id !== RESERVED_TEMPLATE_FIELD_ID;
const RESERVED_MESSAGE = `O id "${RESERVED_TEMPLATE_FIELD_ID}" é reservado: escolha outro`;

/** POST /admin/template/{id}/field and PUT /admin/template/{id}/field/{fieldId} (the id may change if unique). */
export const ZAdminTemplateField = ZTemplateField.refine((field) => notReserved(field.id), {
  path: ['id'],
  message: RESERVED_MESSAGE,
});
export type TAdminTemplateField = z.infer<typeof ZAdminTemplateField>;

const ZAdminTemplateFields = ZTemplateFields.superRefine((fields, context) => {
  fields.forEach((field, index) => {
    if (!notReserved(field.id)) context.addIssue({ code: 'custom', path: [index, 'id'], message: RESERVED_MESSAGE });
  });
});

/** An admin-managed template (no owner): offered to every professional while `published`. */
export const ZAdminTemplate = ZAnamnesisTemplate.extend(seeded);
export type TAdminTemplate = z.infer<typeof ZAdminTemplate>;

/** POST /admin/template/: unpublished unless `published: true`. */
export const ZAdminTemplateBody = z.strictObject({
  name: zLine({ max: 120, required: 'Informe o nome' }),
  specialization_id: z.number().int().positive().max(MAX_INT4).nullable().optional(),
  fields: ZAdminTemplateFields,
  published: z.boolean().optional(),
});
export type TAdminTemplateBody = z.infer<typeof ZAdminTemplateBody>;

/**
 * PUT /admin/template/{id}: name and specialty; `fields`, when given, replaces the fields (in its order).
 * Publishing has its own call.
 */
export const ZAdminTemplateUpdate = ZAdminTemplateBody.omit({ published: true }).partial({ fields: true });
export type TAdminTemplateUpdate = z.infer<typeof ZAdminTemplateUpdate>;

/** PUT /admin/template/{id}/publish?publish=true|false */
export const ZTemplatePublishQuery = z.strictObject({
  publish: z.enum(['true', 'false'], 'Use true ou false').transform((value) => value === 'true'),
});

/** PUT /admin/template/{id}/field/order?order=a,b,c: every field id of the template once, in the new order. */
export const ZTemplateFieldOrderQuery = z.strictObject({
  order: z
    .string()
    .min(1, 'Informe a ordem dos campos')
    .transform((value) => value.split(',').map((id) => id.trim()))
    .pipe(z.array(z.string().regex(TEMPLATE_FIELD_ID, 'Use os ids dos campos separados por vírgula'))),
});

/** The path of one field of an admin template. */
export const ZTemplateFieldParams = z.strictObject({
  id: z.uuid('Identificador inválido'),
  fieldId: zString({ min: 1, max: 60 }),
});
