import { z } from 'zod';
import { DOCUMENT_PROMPT_PURPOSES } from './document-kind';
import { zLine, zText } from './text';

/** The assistant's voice and rules (e.g. "clínico geral objetivo"); exactly one is the default. */
export const ZPersona = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  instructions: z.string(),
  is_default: z.boolean(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type TPersona = z.infer<typeof ZPersona>;

export const ZPersonaBody = z.strictObject({
  name: zLine({ max: 120, required: 'Informe o nome' }),
  description: zText({ min: 0, max: 500, trim: true }).default(''),
  instructions: zText({ max: 10_000, trim: true, required: 'Informe as instruções' }),
});
export type TPersonaBody = z.infer<typeof ZPersonaBody>;

/**
 * What the generator uses a prompt for: the note, a field's rewrite, condensing, the note's diagnostic hypotheses
 * (CID-10), and each kind of document.
 */
export const ZPromptPurpose = z.enum(
  ['anamnesis', 'field_rewrite', 'condense', 'diagnoses', ...DOCUMENT_PROMPT_PURPOSES],
  `Use anamnesis, field_rewrite, condense, diagnoses ou ${DOCUMENT_PROMPT_PURPOSES.join(', ')}`,
);
export type TPromptPurpose = z.infer<typeof ZPromptPurpose>;

export const ZPromptVersion = z.object({
  version: z.number().int(),
  text: z.string(),
  created_at: z.iso.datetime(),
  /** The administrator who wrote it; null for the seeded first version. */
  created_by: z.uuid().nullable(),
});
export type TPromptVersion = z.infer<typeof ZPromptVersion>;

/**
 * A versioned instruction text. Saving new text adds a version; notes keep the version they used.
 * The `active` prompt of each purpose is the one the generator uses.
 */
export const ZPrompt = z.object({
  id: z.uuid(),
  purpose: ZPromptPurpose,
  name: z.string(),
  active: z.boolean(),
  version: z.number().int(),
  text: z.string(),
  versions: z.array(ZPromptVersion),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type TPrompt = z.infer<typeof ZPrompt>;

export const ZPromptBody = z.strictObject({
  purpose: ZPromptPurpose,
  name: zLine({ max: 120, required: 'Informe o nome' }),
  text: zText({ max: 20_000, trim: true, required: 'Informe o texto' }),
  active: z.boolean().optional(),
});
export type TPromptBody = z.infer<typeof ZPromptBody>;
