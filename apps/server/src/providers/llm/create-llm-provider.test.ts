import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createLlmProvider, llmUnconfiguredError } from './create-llm-provider';

describe('LLM configuration', () => {
  it('is off without LLM_URL, with defaults for the rest', () => {
    const { llm } = loadConfig({});
    expect(llm).toEqual({
      url: undefined,
      apiKey: undefined,
      model: 'gpt-4o-mini',
      timeoutMs: 120_000,
      idleTimeoutMs: 30_000,
      contextTokens: 128_000,
      structuredOutput: 'auto',
    });
    expect(createLlmProvider(llm)).toBeUndefined();
    expect(llmUnconfiguredError()).toMatchObject({
      kind: 'unconfigured',
      message: expect.stringContaining('LLM_URL') as string,
    });
  });

  it('reads every variable, and names the provider model', () => {
    const { llm } = loadConfig({
      LLM_URL: 'http://127.0.0.1:8080/v1/',
      LLM_API_KEY: ' segredo ',
      LLM_MODEL: 'qwen2.5-14b-instruct',
      LLM_TIMEOUT_SECONDS: '300',
      LLM_IDLE_TIMEOUT_SECONDS: '60',
      LLM_CONTEXT_TOKENS: '32768',
      LLM_STRUCTURED_OUTPUT: 'tool',
    });
    expect(llm).toEqual({
      url: 'http://127.0.0.1:8080/v1',
      apiKey: 'segredo',
      model: 'qwen2.5-14b-instruct',
      timeoutMs: 300_000,
      idleTimeoutMs: 60_000,
      contextTokens: 32_768,
      structuredOutput: 'tool',
    });
    expect(createLlmProvider(llm)?.model).toBe('qwen2.5-14b-instruct');
  });

  it('stops on a bad value, naming the variable', () => {
    expect(() => loadConfig({ LLM_URL: 'servidor local' })).toThrow(/LLM_URL/);
    expect(() => loadConfig({ LLM_STRUCTURED_OUTPUT: 'xml' })).toThrow(/LLM_STRUCTURED_OUTPUT/);
    expect(() => loadConfig({ LLM_CONTEXT_TOKENS: '0' })).toThrow(ConfigError);
  });
});
