import { z } from 'zod';
import { ZDiagnosis } from './cid10';
import { ZFieldSources, ZTypedInput } from './sources';
import { ZStatement, ZStatementReview } from './statements';
import { zString, zText } from './text';
import { ZTemplateField } from './template';

/** "Não informado": what the assistant writes for a field the inputs do not support. */
export const NOT_INFORMED = 'Não informado';

/** Whether a field's text says something: neither empty nor "Não informado". */
export const isInformed = (text: string) => text.trim() !== '' && text !== NOT_INFORMED;

// The sources' schemas live in their own file so that cid10.ts, which this file imports, can use them too.
export {
  hasSources,
  ZConsultationSource,
  ZEvidenceSource,
  ZFieldSources,
  ZSourcedText,
  ZTranscriptSource,
  ZTypedInput,
  type TConsultationSource,
  type TEvidenceSource,
  type TFieldSources,
  type TSourcedText,
  type TTranscriptSource,
  type TTypedInput,
} from './sources';

/** One field of a note: its text and where it came from. */
export const ZAnamnesisField = z.object({
  field_id: z.string(),
  title: z.string(),
  text: z.string(),
  sources: ZFieldSources,
  /** Written or changed by the professional rather than the assistant. */
  edited: z.boolean(),
  /** The text sentence by sentence (list items one by one), each checked against its own sources; none for "Não informado". */
  statements: z.array(ZStatement),
});
export type TAnamnesisField = z.infer<typeof ZAnamnesisField>;

/**
 * `generation`: the whole note; `regeneration`: one field drafted again; `rewrite`: one field rewritten
 * with an instruction; `edit`: the professional's changes.
 */
export const ZAnamnesisVersionKind = z.enum(['generation', 'regeneration', 'rewrite', 'edit']);
export type TAnamnesisVersionKind = z.infer<typeof ZAnamnesisVersionKind>;

/** `generating` until every field is stored; `failed` (refunded) when the provider could not finish. */
export const ZAnamnesisStatus = z.enum(['generating', 'ready', 'failed']);
export type TAnamnesisStatus = z.infer<typeof ZAnamnesisStatus>;

/** What a generation (a note, a document) was drafted from, by id: what its job reads. */
export const ZGenerationInputs = z.object({
  transcript: z.object({ evidence_id: z.uuid(), version: z.number().int() }).nullable(),
  evidence_ids: z.array(z.uuid()),
  patient_id: z.uuid(),
  user_context: z.boolean(),
  /** The transcript was longer than the model's context and was condensed in parts first. */
  condensed: z.boolean(),
  /**
   * The patient's earlier concluded consultations whose notes (this version of each) and confirmed diagnoses were
   * read, newest first, at most three; absent in generations made before they were.
   */
  earlier_consultations: z.array(z.object({ consultation_id: z.uuid(), version: z.number().int() })).optional(),
  /**
   * The typed inputs as they were read (none of them is versioned, so a retry reads these texts, not today's); only
   * those that were filled, and absent in generations made before they were read.
   */
  typed: z.partialRecord(ZTypedInput, z.string()).optional(),
});
export type TGenerationInputs = z.infer<typeof ZGenerationInputs>;

/** The tokens the model reported for the answer (a condensed transcript's own are not counted); null when it sent none. */
export const ZTokenUsage = z.object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int() });
export type TTokenUsage = z.infer<typeof ZTokenUsage>;

/** Why a note says what it says: everything it was made from. */
export const ZAnamnesisProvenance = z.object({
  template: z.object({ id: z.uuid(), name: z.string() }),
  persona: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  prompts: z.array(
    z.object({
      purpose: z.enum(['anamnesis', 'field_rewrite', 'condense', 'diagnoses']),
      prompt_id: z.uuid(),
      version: z.number().int(),
    }),
  ),
  model: z.string().nullable(),
  inputs: ZGenerationInputs,
  /** The professional's writing preferences the note followed; null when she had none or had turned them off. */
  style_preferences: z.array(z.string()).nullable(),
  /** The statements the professional confirmed or wrote over the note's versions, oldest first. */
  reviews: z.array(ZStatementReview),
  usage: ZTokenUsage.nullable().optional(),
});
export type TAnamnesisProvenance = z.infer<typeof ZAnamnesisProvenance>;

/** One version of a consultation's note; `id` is the `anamnesis_id` of live messages. */
export const ZAnamnesisVersion = z.object({
  id: z.uuid(),
  consultation_id: z.uuid(),
  /** The record's own number, in order of creation: what `base_version` names. */
  version: z.number().int(),
  /**
   * The number the professional sees ("Versão 2"): counted over the versions that did not fail, so a failed
   * (refunded) generation leaves no gap; null for a failed one.
   */
  number: z.number().int().nullable(),
  kind: ZAnamnesisVersionKind,
  status: ZAnamnesisStatus,
  /** The field a regeneration or rewrite worked on; null for the whole note and edits. */
  field_id: z.string().nullable(),
  /** The professional's instruction for a rewrite. */
  instruction: z.string().nullable(),
  /** The template's fields as they were when the note was made, in order. */
  template_fields: z.array(ZTemplateField),
  fields: z.array(ZAnamnesisField),
  /** What went wrong, in Portuguese, when failed. */
  failure: z.string().nullable(),
  provenance: ZAnamnesisProvenance,
  created_at: z.iso.datetime(),
  finished_at: z.iso.datetime().nullable(),
});
export type TAnamnesisVersion = z.infer<typeof ZAnamnesisVersion>;

/** GET /user/consultations/{id}/anamnesis: the latest version first, then the earlier ones. */
export const ZAnamnesis = z.object({
  latest: ZAnamnesisVersion.nullable(),
  versions: z.array(ZAnamnesisVersion),
  /** The note's diagnostic hypotheses (CID-10), in the professional's order; they belong to no version. */
  diagnoses: z.array(ZDiagnosis),
});
export type TAnamnesis = z.infer<typeof ZAnamnesis>;

export const INSTRUCTION_MAX_LENGTH = 500;

/**
 * POST /user/consultations/{id}/anamnesis/{type} ({type}: a template id). No body: the whole note.
 * `field_id`: that field only (regenerated, or rewritten when `instruction` is given), on the latest note.
 */
export const ZGenerationBody = z
  .strictObject({
    field_id: zString({ min: 1, max: 60 }).optional(),
    instruction: zText({ max: INSTRUCTION_MAX_LENGTH, trim: true, required: 'Escreva a instrução' }).optional(),
  })
  .refine((body) => !body.instruction || body.field_id, {
    path: ['field_id'],
    message: 'Informe o campo a reescrever',
  });
export type TGenerationBody = z.infer<typeof ZGenerationBody>;

export const FIELD_TEXT_MAX_LENGTH = 20_000;

/**
 * PUT /user/consultations/{id}/anamnesis: the professional's changes to the latest version
 * (`base_version`), stored as a new version; 409 when another tab saved a newer one first. Her texts and
 * confirmations settle the statements they touch (`confirmed`, recorded in the provenance's `reviews`). A
 * consultation with no note yet takes a first one written by hand: `template_id` instead of `base_version`.
 */
export const ZAnamnesisEditBody = z
  .strictObject({
    base_version: z.number().int().positive().optional(),
    template_id: z.uuid('Identificador inválido').optional(),
    fields: z
      .array(
        z.strictObject({ field_id: zString({ min: 1, max: 60 }), text: zText({ min: 0, max: FIELD_TEXT_MAX_LENGTH }) }),
      )
      .max(60)
      .default([]),
    /** Statements of `base_version` the professional vouches for, by field and place in its `statements`. */
    confirmations: z
      .array(z.strictObject({ field_id: zString({ min: 1, max: 60 }), index: z.number().int().min(0).max(999) }))
      .max(500)
      .default([]),
  })
  .refine((body) => body.fields.length + body.confirmations.length > 0, {
    path: ['fields'],
    message: 'Envie ao menos um campo ou uma confirmação',
  })
  .refine((body) => (body.base_version === undefined) !== (body.template_id === undefined), {
    path: ['base_version'],
    message: 'Informe base_version (a nota que você editou) ou template_id (uma primeira nota escrita à mão)',
  });
export type TAnamnesisEditBody = z.infer<typeof ZAnamnesisEditBody>;
/** The edit as a client sends it: `fields` and `confirmations` may be left out. */
export type TAnamnesisEditRequest = z.input<typeof ZAnamnesisEditBody>;

/** Live `anamnesis` message: one field completed, in template order. */
export const ZAnamnesisMessage = z.object({
  type: z.literal('anamnesis'),
  consultation_id: z.uuid(),
  anamnesis_id: z.uuid(),
  field_id: z.string(),
  text: z.string(),
  sources: ZFieldSources,
  statements: z.array(ZStatement),
});
export type TAnamnesisMessage = z.infer<typeof ZAnamnesisMessage>;

/** Live `end` of a generation: the note is stored and validated. */
export const ZAnamnesisEndMessage = z.object({
  type: z.literal('end'),
  consultation_id: z.uuid(),
  anamnesis_id: z.uuid(),
});
export type TAnamnesisEndMessage = z.infer<typeof ZAnamnesisEndMessage>;
