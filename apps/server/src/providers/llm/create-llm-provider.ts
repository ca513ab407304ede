import type { LlmConfig } from '../../config';
import { LlmError, type LlmProvider } from './llm-provider';
import { OpenAiCompatibleLlm } from './openai-compatible-llm';

/** The configured chat model, or undefined when LLM_URL is not set. */
export function createLlmProvider(config: LlmConfig): LlmProvider | undefined {
  if (!config.url) return undefined;
  return new OpenAiCompatibleLlm({
    baseUrl: config.url,
    apiKey: config.apiKey,
    model: config.model,
    timeoutMs: config.timeoutMs,
    idleTimeoutMs: config.idleTimeoutMs,
    structuredOutput: config.structuredOutput,
  });
}

/** What generation reports when no model is configured. */
export function llmUnconfiguredError(): LlmError {
  return new LlmError('unconfigured', 'A geração de anamnese não está configurada neste servidor (LLM_URL)');
}
