import { AppError } from '../../platform/errors';
import { LlmError, type LlmErrorKind } from '../../providers/llm/llm-provider';

const REFUNDED = 'O crédito desta geração foi devolvido; você pode tentar de novo.';
const SERVICE = 'O serviço de geração de texto';

/**
 * Why a generation ended without its note or document, as the professional reads it (the stored `failure` and the
 * `system` message), with the status the message carries. Generation does not retry by itself: the professional does.
 */
export class GenerationFailure extends Error {
  constructor(
    readonly statusCode: number,
    reason: string,
  ) {
    super(`${reason} ${REFUNDED}`);
  }
}

const BY_KIND: Record<LlmErrorKind, { statusCode: number; reason?: string }> = {
  timeout: { statusCode: 504, reason: `${SERVICE} não respondeu a tempo.` },
  unavailable: { statusCode: 502, reason: `${SERVICE} está indisponível no momento.` },
  cut: { statusCode: 502, reason: `A resposta do serviço de geração de texto foi interrompida no meio.` },
  malformed: { statusCode: 502, reason: `${SERVICE} devolveu duas vezes uma resposta fora do formato pedido.` },
  rate_limited: { statusCode: 429, reason: `${SERVICE} atingiu o limite de pedidos (429).` },
  unconfigured: { statusCode: 503, reason: 'A geração de texto não está configurada neste servidor (LLM_URL).' },
  key_refused: {
    statusCode: 503,
    reason: `${SERVICE} recusou a chave de acesso deste servidor; avise o administrador.`,
  },
  // The provider's own message says what was refused (the request, or the model declined).
  refused: { statusCode: 502 },
};

export function failureOfLlm(error: LlmError): GenerationFailure {
  const { statusCode, reason } = BY_KIND[error.kind];
  return new GenerationFailure(statusCode, reason ?? `${error.message.replace(/\.?$/, '.')}`);
}

export const generationFailures = {
  tooLong: () =>
    new GenerationFailure(
      413,
      'O material da consulta (evidências e contexto) não cabe no contexto do modelo configurado (LLM_CONTEXT_TOKENS), mesmo com a transcrição resumida.',
    ),
  unfinished: () =>
    new GenerationFailure(504, 'A geração não terminou: o servidor foi interrompido ou perdeu o banco de dados.'),
};

export function toGenerationFailure(error: unknown): GenerationFailure | undefined {
  if (error instanceof GenerationFailure) return error;
  if (error instanceof LlmError) return failureOfLlm(error);
  // What the professional can be told, e.g. that the assistant has no active prompt.
  if (error instanceof AppError) return new GenerationFailure(503, error.message);
  return undefined;
}
