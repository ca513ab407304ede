import type { TPromptPurpose, TTokenUsage } from '@escriba/contract';
import { LlmError, type LlmMessage, type LlmProvider, type LlmUsage } from '../../providers/llm/llm-provider';
import type { App } from '../../platform/services';
import { activePrompt } from '../assistant-seeds/active-prompt';
import { fitTranscript } from './condense-transcript';
import { formatTranscript } from './prompt-inputs';
import type { GenerationInputs } from './read-generation-inputs';

/** One structured answer drafted from a consultation's material. */
export interface AnswerRequest<Answer> {
  inputs: GenerationInputs;
  /** The whole conversation with the given transcript text (as formatted, or condensed). */
  messagesWith: (transcript: string) => LlmMessage[];
  /** Tokens kept free for the answer in the model's context. */
  answerTokens: number;
  schema: { name: string; jsonSchema: Record<string, unknown> };
  /** Each top-level property as soon as it is complete, in the order written. */
  onProperty: (key: string, value: unknown) => void;
  /** The whole answer as it will be stored; undefined when it is not what was asked (it is then asked once more). */
  parse: (value: Record<string, unknown>) => Answer | undefined;
}

export interface StructuredAnswer<Answer> {
  answer: Answer;
  /** The model that answered, as the server names it. */
  model: string;
  /** performance.now() at the provider's last byte. */
  finishedAt: number;
  usage: LlmUsage | undefined;
  /** The transcript was longer than the model's context and was condensed first… */
  isCondensed: boolean;
  /** …with this prompt, which the provenance adds to its own (none when it was not). */
  condensePrompts: { purpose: Extract<TPromptPurpose, 'condense'>; prompt_id: string; version: number }[];
}

const notWhatWasAsked = () => new LlmError('malformed', 'A resposta não trouxe tudo o que foi pedido');

/**
 * Asks the model for a structured answer from the consultation's material: the transcript condensed first when
 * the conversation would not fit the context, a malformed answer asked for once more.
 */
export async function answerFromInputs<Answer>(
  app: App,
  llm: LlmProvider,
  request: AnswerRequest<Answer>,
): Promise<StructuredAnswer<Answer>> {
  let condensePrompt: Awaited<ReturnType<typeof activePrompt>> | undefined;
  const { transcript, isCondensed } = await fitTranscript(formatTranscript(request.inputs.transcript), {
    llm,
    contextTokens: app.config.llm.contextTokens,
    answerTokens: request.answerTokens,
    messagesWith: request.messagesWith,
    condensePrompt: async () => {
      condensePrompt = await activePrompt(app.db, 'condense');
      return condensePrompt.text;
    },
  });
  const messages = request.messagesWith(transcript);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await llm.completeStructured({
        messages,
        schema: request.schema,
        onField: request.onProperty,
      });
      const answer = request.parse(result.value);
      if (answer === undefined) throw notWhatWasAsked();
      return {
        answer,
        model: result.model,
        finishedAt: result.finishedAt,
        usage: result.usage,
        isCondensed,
        condensePrompts: condensePrompt
          ? [{ purpose: 'condense', prompt_id: condensePrompt.id, version: condensePrompt.version }]
          : [],
      };
    } catch (error) {
      if (attempt > 1 || !(error instanceof LlmError) || error.kind !== 'malformed') throw error;
    }
  }
}

/**
 * A provenance completed by its answer: the model that wrote it, the tokens it reported, and whether (and how) the
 * transcript was condensed.
 */
export function provenanceAnswered<
  Provenance extends {
    model: string | null;
    prompts: readonly unknown[];
    inputs: { condensed: boolean };
    usage?: TTokenUsage | null;
  },
>(provenance: Provenance, answered: StructuredAnswer<unknown>): Provenance {
  const { usage } = answered;
  return {
    ...provenance,
    model: answered.model,
    usage: usage ? { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens } : null,
    prompts: [...provenance.prompts, ...answered.condensePrompts],
    inputs: { ...provenance.inputs, condensed: answered.isCondensed },
  };
}
