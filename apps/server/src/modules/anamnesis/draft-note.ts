import { NOT_INFORMED, type TAnamnesisField, type TAnamnesisProvenance, type TTemplateField } from '@escriba/contract';
import { z } from 'zod';
import type { AnamnesisVersionRow } from '../../db/schema/index';
import type { LlmProvider } from '../../providers/llm/llm-provider';
import type { App } from '../../platform/services';
import { personaInstructions } from '../assistant-seeds/default-persona';
import { promptText } from '../generation/prompt-text';
import { readGenerationInputs } from '../generation/read-generation-inputs';
import { SourceCatalog } from '../generation/source-labels';
import { answerFromInputs, provenanceAnswered } from '../generation/structured-answer';
import { answerSchema, buildMessages, type GenerationTask } from './generation-prompt';

/** A drafted note: every field of the version, and what the provenance learnt while drafting. */
export interface Draft {
  fields: TAnamnesisField[];
  provenance: TAnamnesisProvenance;
  /** performance.now() at the provider's last byte. */
  providerFinishedAt: number;
}

const ZAnswerField = z.object({ text: z.string(), sources: z.array(z.string()) });

// Room for the answer in the model's context: a few hundred tokens a field, at most half the context.
const ANSWER_TOKENS_BASE = 500;
const ANSWER_TOKENS_PER_FIELD = 300;

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
  const catalog = SourceCatalog.of(inputs);
  const task = await taskOf(app, row, wanted, base);
  const byId = new Map(wanted.map((field) => [field.id, field]));
  const drafted = await answerFromInputs(app, llm, {
    inputs,
    messagesWith: (transcript) => buildMessages(task, inputs, transcript),
    answerTokens: Math.min(
      Math.floor(app.config.llm.contextTokens / 2),
      ANSWER_TOKENS_BASE + ANSWER_TOKENS_PER_FIELD * wanted.length,
    ),
    schema: answerSchema(wanted),
    onProperty: (key, value) => {
      const field = byId.get(key);
      const parsed = field && toField(field, value, catalog);
      if (parsed) onField(parsed);
    },
    parse: (value) => {
      const fields = wanted.map((field) => toField(field, value[field.id], catalog));
      return fields.every((field): field is TAnamnesisField => field !== undefined) ? fields : undefined;
    },
  });
  const answered = new Map(drafted.answer.map((field) => [field.field_id, field]));
  return {
    fields: base ? base.fields.map((field) => answered.get(field.field_id) ?? field) : drafted.answer,
    provenance: provenanceAnswered(provenance, drafted),
    providerFinishedAt: drafted.finishedAt,
  };
}

async function taskOf(
  app: App,
  row: AnamnesisVersionRow,
  fields: TTemplateField[],
  base: AnamnesisVersionRow | undefined,
): Promise<GenerationTask> {
  const [prompt] = row.provenance.prompts;
  if (!prompt) throw new Error(`Version ${row.id} names no prompt`);
  const current = base?.fields.find((field) => field.field_id === row.fieldId);
  return {
    persona: await personaInstructions(app.db, row.provenance.persona),
    prompt: await promptText(app.db, prompt.prompt_id, prompt.version),
    fields,
    rewrite: row.instruction && current ? { currentText: current.text, instruction: row.instruction } : undefined,
  };
}

/** A field of the answer as stored: its text ("Não informado" when empty) and the sources that exist. */
export function toField(field: TTemplateField, value: unknown, catalog: SourceCatalog): TAnamnesisField | undefined {
  const parsed = ZAnswerField.safeParse(value);
  if (!parsed.success) return undefined;
  const text = parsed.data.text.trim() || NOT_INFORMED;
  return {
    field_id: field.id,
    title: field.title,
    text,
    sources:
      text === NOT_INFORMED
        ? { transcript: [], evidence: [], user_context: false }
        : catalog.resolve(parsed.data.sources),
    edited: false,
  };
}
