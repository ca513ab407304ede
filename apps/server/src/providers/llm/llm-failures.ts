import { LlmError } from './llm-provider';

const SERVICE = 'serviço de geração de texto';
const LABEL = `O ${SERVICE}`;
const RETRY_SOON = 'nova tentativa em instantes';

/** A 400 saying the server does not take `response_format` json_schema: `auto` mode then uses a tool call. */
export class StructuredOutputUnsupported extends LlmError {
  constructor() {
    super(
      'refused',
      `${LABEL} não aceita respostas em JSON schema (response_format): configure LLM_STRUCTURED_OUTPUT=tool`,
    );
  }
}

/** The error for a response that is not 2xx; reads the body only to spot a refused `response_format`. */
export async function failureOf(response: Response): Promise<LlmError> {
  const { status } = response;
  // A body that cannot be read leaves the status alone to decide.
  const body = await response.text().catch(() => '');
  if (status === 401 || status === 403) {
    return new LlmError('key_refused', `${LABEL} recusou a chave de acesso (${status}): confira LLM_API_KEY`);
  }
  if (status === 429) {
    const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
    const when = retryAfterSeconds === undefined ? 'em instantes' : `em ${retryAfterSeconds} s`;
    return new LlmError(
      'rate_limited',
      `${LABEL} atingiu o limite de pedidos (429); nova tentativa ${when}`,
      retryAfterSeconds,
    );
  }
  if (status === 400 && /response_format|json_schema/i.test(body)) return new StructuredOutputUnsupported();
  if (status >= 400 && status < 500 && status !== 408) {
    return new LlmError('refused', `${LABEL} recusou o pedido (${status})`);
  }
  return new LlmError('unavailable', `${LABEL} respondeu ${status}; ${RETRY_SOON}`);
}

export const failures = {
  unreachable: () => new LlmError('unavailable', `${LABEL} está fora do ar; ${RETRY_SOON}`),
  streamError: () => new LlmError('unavailable', `${LABEL} interrompeu a resposta com um erro; ${RETRY_SOON}`),
  timeout: () => new LlmError('timeout', `${LABEL} não respondeu a tempo; ${RETRY_SOON}`),
  idle: () => new LlmError('timeout', `${LABEL} parou de responder no meio da resposta; ${RETRY_SOON}`),
  cut: () => new LlmError('cut', `A resposta do ${SERVICE} foi interrompida; ${RETRY_SOON}`),
  unreadable: () => new LlmError('malformed', `${LABEL} enviou uma resposta ilegível; ${RETRY_SOON}`),
  notTheObject: () => new LlmError('malformed', `${LABEL} não devolveu a estrutura pedida; ${RETRY_SOON}`),
  tooLong: () =>
    new LlmError('malformed', `A resposta do ${SERVICE} passou do limite de tokens do modelo e ficou incompleta`),
  declined: () => new LlmError('refused', `O modelo se recusou a responder a este pedido`),
};

/** Retry-After in seconds, given as seconds or as an HTTP date. */
function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = /^\s*\d+\s*$/.test(header) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : undefined;
}
