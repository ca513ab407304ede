import { NOT_INFORMED, type TAnamnesisField, type TAnamnesisProvenance, type TTemplateField } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { personas, type AnamnesisVersionRow } from '../../db/schema/index';
import { LlmError, type LlmMessage, type LlmProvider } from '../../providers/llm/llm-provider';
import type { App } from '../../platform/services';
import { activePrompt } from '../assistant-seeds/active-prompt';
import { promptText } from './prompt-text';
import { fitTranscript } from './condense-transcript';
import { answerSchema, buildMessages, formatTranscript, type GenerationTask } from './generation-prompt';
import { readGenerationInputs } from './read-generation-inputs';
import { SourceCatalog } from './source-labels';

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

const notTheTemplate = () => new LlmError('malformed', 'A resposta não trouxe todos os campos do modelo');

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
  const catalog = new SourceCatalog(
    inputs.transcript.flatMap((line) => ('segment' in line ? [line.segment] : [])),
    inputs.evidence,
    inputs.userContext !== '',
  );
  const task = await taskOf(app, row, wanted, base);
  let condensePrompt: Awaited<ReturnType<typeof activePrompt>> | undefined;
  const { transcript, isCondensed } = await fitTranscript(formatTranscript(inputs.transcript), {
    llm,
    contextTokens: app.config.llm.contextTokens,
    answerTokens: Math.min(
      Math.floor(app.config.llm.contextTokens / 2),
      ANSWER_TOKENS_BASE + ANSWER_TOKENS_PER_FIELD * wanted.length,
    ),
    messagesWith: (text) => buildMessages(task, inputs, text),
    condensePrompt: async () => {
      condensePrompt = await activePrompt(app.db, 'condense');
      return condensePrompt.text;
    },
  });
  const answer = await answerOnceRetried(llm, buildMessages(task, inputs, transcript), wanted, catalog, onField);
  const drafted = new Map(answer.fields.map((field) => [field.field_id, field]));
  return {
    fields: base ? base.fields.map((field) => drafted.get(field.field_id) ?? field) : answer.fields,
    provenance: {
      ...provenance,
      model: answer.model,
      prompts: condensePrompt
        ? [
            ...provenance.prompts,
            { purpose: 'condense', prompt_id: condensePrompt.id, version: condensePrompt.version },
          ]
        : provenance.prompts,
      inputs: { ...provenance.inputs, condensed: isCondensed },
    },
    providerFinishedAt: answer.finishedAt,
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
  const personaId = row.provenance.persona?.id;
  const [persona] = personaId
    ? await app.db.select({ instructions: personas.instructions }).from(personas).where(eq(personas.id, personaId))
    : [];
  const current = base?.fields.find((field) => field.field_id === row.fieldId);
  return {
    persona: persona?.instructions ?? null,
    prompt: await promptText(app.db, prompt.prompt_id, prompt.version),
    fields,
    rewrite: row.instruction && current ? { currentText: current.text, instruction: row.instruction } : undefined,
  };
}

async function answerOnceRetried(
  llm: LlmProvider,
  messages: LlmMessage[],
  fields: TTemplateField[],
  catalog: SourceCatalog,
  onField: (field: TAnamnesisField) => void,
): Promise<{ fields: TAnamnesisField[]; model: string; finishedAt: number }> {
  const byId = new Map(fields.map((field) => [field.id, field]));
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await llm.completeStructured({
        messages,
        schema: answerSchema(fields),
        onField: (key, value) => {
          const field = byId.get(key);
          const parsed = field && toField(field, value, catalog);
          if (parsed) onField(parsed);
        },
      });
      const drafted = fields.map((field) => toField(field, result.value[field.id], catalog));
      if (drafted.some((field) => field === undefined)) throw notTheTemplate();
      return { fields: drafted as TAnamnesisField[], model: result.model, finishedAt: result.finishedAt };
    } catch (error) {
      if (attempt > 1 || !(error instanceof LlmError) || error.kind !== 'malformed') throw error;
    }
  }
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
