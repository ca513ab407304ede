import { OpenAiCompatibleLlm, type OpenAiCompatibleLlmOptions } from '../src/providers/llm/openai-compatible-llm';
import type { LlmFixture } from './llm-fixture';

/** A provider against the fixture, with timeouts short enough for tests. */
export function fixtureProvider(fixture: LlmFixture, options: Partial<OpenAiCompatibleLlmOptions> = {}) {
  return new OpenAiCompatibleLlm({
    baseUrl: fixture.baseUrl,
    apiKey: 'chave-de-teste',
    model: 'gpt-4o-mini',
    timeoutMs: 5_000,
    idleTimeoutMs: 2_000,
    structuredOutput: 'auto',
    ...options,
  });
}

/** An anamnesis-like schema: its property order is the order the fields are written in. */
export const anamnesisSchema = {
  name: 'anamnese',
  jsonSchema: {
    type: 'object',
    properties: {
      queixa_principal: { type: 'string' },
      historia_da_doenca_atual: { type: 'string' },
      medicamentos_em_uso: { type: 'array', items: { type: 'string' } },
      alergias: { type: 'string' },
    },
    required: ['queixa_principal', 'historia_da_doenca_atual', 'medicamentos_em_uso', 'alergias'],
    additionalProperties: false,
  },
};

export const anamnesis = {
  queixa_principal: 'Dor de cabeça há três dias, "latejante", pior à noite 🤕',
  historia_da_doenca_atual: 'Início súbito após esforço.\nNega febre; relata náuseas e fotofobia (ação: repouso).',
  medicamentos_em_uso: ['Dipirona 500 mg', 'Losartana 50 mg'],
  alergias: 'Nega alergias conhecidas',
};

export const messages = [
  { role: 'system' as const, content: 'Você escreve anamneses.' },
  { role: 'user' as const, content: 'Transcrição: paciente relata dor de cabeça.' },
];
