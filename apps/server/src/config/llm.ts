import { z } from 'zod';
import { trimSlash, ZOptionalSecret, ZOptionalUrl, type EnvOf } from './env-values';

export const llmVariables = {
  LLM_URL: ZOptionalUrl,
  LLM_API_KEY: ZOptionalSecret,
  LLM_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  LLM_TIMEOUT_SECONDS: z.coerce.number().min(1).default(120),
  LLM_IDLE_TIMEOUT_SECONDS: z.coerce.number().min(1).default(30),
  LLM_CONTEXT_TOKENS: z.coerce.number().int().min(1000).default(128_000),
  LLM_STRUCTURED_OUTPUT: z.enum(['json_schema', 'tool', 'auto']).default('auto'),
};

/** The OpenAI-compatible chat model that writes anamneses (README "Configuration"); no URL: not configured. */
export interface LlmConfig {
  url: string | undefined;
  apiKey: string | undefined;
  model: string;
  /** For a whole answer, from the request to the stream's last byte. */
  timeoutMs: number;
  /** Longest silence allowed once the answer has started streaming. */
  idleTimeoutMs: number;
  /** The model's context window, in tokens: a longer transcript is condensed before generation. */
  contextTokens: number;
  /** `auto`: JSON schema, falling back to a forced tool call when the server refuses `response_format`. */
  structuredOutput: 'json_schema' | 'tool' | 'auto';
}

export function readLlmConfig(env: EnvOf<typeof llmVariables>): LlmConfig {
  return {
    url: trimSlash(env.LLM_URL),
    apiKey: env.LLM_API_KEY,
    model: env.LLM_MODEL,
    timeoutMs: env.LLM_TIMEOUT_SECONDS * 1000,
    idleTimeoutMs: env.LLM_IDLE_TIMEOUT_SECONDS * 1000,
    contextTokens: env.LLM_CONTEXT_TOKENS,
    structuredOutput: env.LLM_STRUCTURED_OUTPUT,
  };
}
