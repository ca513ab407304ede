import { type TAnamnesisField, type TPromptTestBody, type TPromptTestResult } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { personas, prompts } from '../../db/schema/index';
import { AppError, fieldError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { LlmError, type LlmErrorKind, type LlmProvider } from '../../providers/llm/llm-provider';
import { NoteFieldChecks } from '../anamnesis/note-field-checks';
import { answerSchema, buildMessages } from '../anamnesis/generation-prompt';
import { formatTranscript } from '../generation/prompt-inputs';
import { promptText } from '../generation/prompt-text';
import { findAdminTemplate } from './admin-template';
import { SAMPLE_CONSULTATION, sampleInputs } from './sample-consultation';

export type PromptTestOutcome = { result: TPromptTestResult } | { statusCode: 502 | 503 | 504; detail: string };

const SERVICE = 'O serviço de geração de texto';
const FAILURES: Record<LlmErrorKind, { statusCode: 502 | 503 | 504; detail?: string }> = {
  unconfigured: { statusCode: 503, detail: 'A geração de texto não está configurada neste servidor (LLM_URL).' },
  timeout: { statusCode: 504, detail: `${SERVICE} não respondeu a tempo.` },
  unavailable: { statusCode: 502, detail: `${SERVICE} está indisponível no momento.` },
  cut: { statusCode: 502, detail: `A resposta do serviço de geração de texto foi interrompida no meio.` },
  malformed: { statusCode: 502, detail: `${SERVICE} devolveu uma resposta fora do formato pedido.` },
  rate_limited: {
    statusCode: 502,
    detail: `${SERVICE} atingiu o limite de pedidos (429); tente de novo em instantes.`,
  },
  key_refused: { statusCode: 502, detail: `${SERVICE} recusou a chave de acesso deste servidor (LLM_API_KEY).` },
  // The provider's own message says what was refused.
  refused: { statusCode: 502 },
};

/**
 * Writes the built-in sample consultation's note with a prompt (its current version), a persona and an
 * administrators' template, as the generator would: nothing is stored and no credit is spent.
 */
export async function testPrompt(
  app: App,
  llm: LlmProvider | undefined,
  body: TPromptTestBody,
): Promise<PromptTestOutcome> {
  const [prompt] = await app.db.select().from(prompts).where(eq(prompts.id, body.prompt_id));
  if (!prompt) throw fieldError(['body', 'prompt_id'], 'Prompt não encontrado');
  if (prompt.purpose !== 'anamnesis') {
    throw fieldError(['body', 'prompt_id'], 'Só prompts de anamnese podem ser testados aqui');
  }
  const [persona] = await app.db.select().from(personas).where(eq(personas.id, body.persona_id));
  if (!persona) throw fieldError(['body', 'persona_id'], 'Persona não encontrada');
  const template = await findAdminTemplate(app.db, body.template_id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') {
      throw fieldError(['body', 'template_id'], 'Modelo não encontrado');
    }
    throw error;
  });
  if (!llm) return { statusCode: 503, detail: FAILURES.unconfigured.detail! };

  const inputs = sampleInputs();
  const checks = new NoteFieldChecks(inputs);
  const task = {
    persona: persona.instructions,
    prompt: await promptText(app.db, prompt.id, prompt.version),
    fields: template.fields,
    // A prompt tried by an administrator follows no professional's preferences.
    stylePreferences: null,
  };
  const startedAt = performance.now();
  try {
    const answer = await llm.completeStructured({
      messages: buildMessages(task, inputs, formatTranscript(inputs.transcript)),
      schema: answerSchema(template.fields),
    });
    const fields = template.fields.map((field): TAnamnesisField => {
      const stored = checks.field(field, answer.value[field.id]);
      if (!stored) throw new LlmError('malformed', 'A resposta não trouxe todos os campos do modelo');
      return stored;
    });
    return {
      result: {
        model: answer.model,
        fields,
        sample: SAMPLE_CONSULTATION,
        duration_ms: Math.round(performance.now() - startedAt),
      },
    };
  } catch (error) {
    if (!(error instanceof LlmError)) throw error;
    const failure = FAILURES[error.kind];
    return { statusCode: failure.statusCode, detail: failure.detail ?? error.message };
  }
}
