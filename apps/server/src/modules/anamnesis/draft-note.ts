import { type TAnamnesisField, type TAnamnesisProvenance, type TTemplateField } from '@escriba/contract';
import type { AnamnesisVersionRow } from '../../db/schema/index';
import { LlmError, type LlmProvider } from '../../providers/llm/llm-provider';
import type { App } from '../../platform/services';
import { personaInstructions } from '../assistant-seeds/default-persona';
import { chooseCodes, type Hypothesis, type SuggestedCode } from '../diagnoses/choose-codes';
import { promptText } from '../generation/prompt-text';
import { readGenerationInputs } from '../generation/read-generation-inputs';
import { answerFromInputs, provenanceAnswered } from '../generation/structured-answer';
import { answerSchema, buildMessages, type GenerationTask } from './generation-prompt';
import { NoteFieldChecks } from './note-field-checks';
import { HYPOTHESES_KEY, toHypotheses } from './note-hypotheses';

/** A drafted note: every field of the version, and what the provenance learnt while drafting. */
export interface Draft {
  fields: TAnamnesisField[];
  provenance: TAnamnesisProvenance;
  /** performance.now() at the provider's last byte. */
  providerFinishedAt: number;
  /** The whole note's diagnostic hypotheses with their codes; undefined when none were asked for or answered. */
  suggestions?: SuggestedCode[];
}

// Room for the answer in the model's context: a few hundred tokens a field, at most half the context.
const ANSWER_TOKENS_BASE = 500;
const ANSWER_TOKENS_PER_FIELD = 300;
const ANSWER_TOKENS_HYPOTHESES = 400;

/**
 * Asks the model for the version's fields (all of them, or the one being regenerated or rewritten, the others
 * copied from `base`), handing each to `onField` as soon as it is complete and valid. The whole answer is then
 * validated against the template; a malformed answer is asked for once more.
 */
export async function draftNote(
  app: App,
  llm: LlmProvider,
  row: AnamnesisVersionRow,
  base: AnamnesisVersionRow | undefined,
  onField: (field: TAnamnesisField) => void,
): Promise<Draft> {
  const wanted = row.fieldId ? row.templateFields.filter((field) => field.id === row.fieldId) : row.templateFields;
  const { provenance } = row;
  const inputs = await readGenerationInputs(app.db, row.consultationId, provenance.inputs);
  const checks = new NoteFieldChecks(inputs);
  const task = await taskOf(app, row, wanted, base);
  const byId = new Map(wanted.map((field) => [field.id, field]));
  const withHypotheses = task.hypothesesPrompt !== undefined;
  const drafted = await answerFromInputs(app, llm, {
    inputs,
    messagesWith: (transcript) => buildMessages(task, inputs, transcript),
    answerTokens: Math.min(
      Math.floor(app.config.llm.contextTokens / 2),
      ANSWER_TOKENS_BASE + ANSWER_TOKENS_PER_FIELD * wanted.length + (withHypotheses ? ANSWER_TOKENS_HYPOTHESES : 0),
    ),
    schema: answerSchema(wanted, withHypotheses),
    onProperty: (key, value) => {
      const field = byId.get(key);
      const parsed = field && checks.field(field, value);
      if (parsed) onField(parsed);
    },
    parse: (value) => {
      const fields = wanted.map((field) => checks.field(field, value[field.id]));
      if (!fields.every((field): field is TAnamnesisField => field !== undefined)) return undefined;
      return { fields, hypotheses: withHypotheses ? toHypotheses(value[HYPOTHESES_KEY], checks.catalog) : undefined };
    },
  });
  const { fields, hypotheses } = drafted.answer;
  const answered = new Map(fields.map((field) => [field.field_id, field]));
  return {
    fields: base ? base.fields.map((field) => answered.get(field.field_id) ?? field) : fields,
    provenance: provenanceAnswered(provenance, drafted),
    providerFinishedAt: drafted.finishedAt,
    suggestions: hypotheses && (await codeHypotheses(app, llm, task.hypothesesPrompt!, hypotheses)),
  };
}

/**
 * The hypotheses' codes, chosen in a second short answer once the note is written. The note stands without them
 * when that answer fails: they are suggestions, and the professional can add codes herself.
 */
async function codeHypotheses(
  app: App,
  llm: LlmProvider,
  prompt: string,
  hypotheses: Hypothesis[],
): Promise<SuggestedCode[] | undefined> {
  try {
    return await chooseCodes(app.db, llm, prompt, hypotheses);
  } catch (error) {
    if (!(error instanceof LlmError)) throw error;
    app.log.warn({ llm_error: error.kind }, 'diagnosis codes not chosen; the note is stored without suggestions');
    return undefined;
  }
}

async function taskOf(
  app: App,
  row: AnamnesisVersionRow,
  fields: TTemplateField[],
  base: AnamnesisVersionRow | undefined,
): Promise<GenerationTask> {
  const [prompt] = row.provenance.prompts;
  if (!prompt) throw new Error(`Version ${row.id} names no prompt`);
  const hypotheses = row.provenance.prompts.find((each) => each.purpose === 'diagnoses');
  const current = base?.fields.find((field) => field.field_id === row.fieldId);
  return {
    persona: await personaInstructions(app.db, row.provenance.persona),
    prompt: await promptText(app.db, prompt.prompt_id, prompt.version),
    fields,
    rewrite: row.instruction && current ? { currentText: current.text, instruction: row.instruction } : undefined,
    hypothesesPrompt: hypotheses && (await promptText(app.db, hypotheses.prompt_id, hypotheses.version)),
    stylePreferences: row.provenance.style_preferences,
  };
}
