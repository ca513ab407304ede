export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface StructuredRequest {
  messages: LlmMessage[];
  /** An object schema; its property order is the order the fields are written in. */
  schema: { name: string; jsonSchema: Record<string, unknown> };
  /** Aborting cancels the request; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called once for each top-level property as soon as it is complete, in the order written. */
  onField?: (key: string, value: unknown) => void;
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface StructuredResult {
  value: Record<string, unknown>;
  /** The model that answered, as the server names it. */
  model: string;
  /** performance.now() when the provider's last byte arrived. */
  finishedAt: number;
  usage?: LlmUsage;
}

export interface TextRequest {
  messages: LlmMessage[];
  signal?: AbortSignal;
}

/** A chat model writing structured answers (the anamnesis) and plain text (a condensed transcript). */
export interface LlmProvider {
  readonly model: string;
  completeStructured(request: StructuredRequest): Promise<StructuredResult>;
  completeText(request: TextRequest): Promise<{ text: string; model: string }>;
}

/**
 * Why the model gave no usable answer. Worth retrying later: `unavailable` (network, 408, 5xx), `timeout`,
 * `rate_limited` (429, with the server's Retry-After when it sent one), `cut` (the stream broke off) and
 * `malformed` (not the requested object, or stopped by the token limit). Needing a person: `unconfigured`
 * (no LLM_URL), `key_refused` (401/403) and `refused` (another 4xx, or the model declined).
 * The message is in Portuguese and safe to show the professional: it never quotes the prompt or the answer.
 */
export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export type LlmErrorKind =
  'unconfigured' | 'timeout' | 'unavailable' | 'rate_limited' | 'cut' | 'malformed' | 'refused' | 'key_refused';
