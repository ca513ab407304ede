import { failureOf, failures } from './llm-failures';
import { LlmError, type LlmUsage } from './llm-provider';
import { readServerSentEvents } from './server-sent-events';

export interface ChatEndpoint {
  /** The API base, ending in /v1. */
  baseUrl: string;
  apiKey: string | undefined;
  /** For the whole answer, from the request to its last byte. */
  timeoutMs: number;
  /** Longest silence once the answer has started: a local server may think long before its first byte. */
  idleTimeoutMs: number;
}

/** What one streamed chunk brings for the first choice. */
export interface ChatDelta {
  model?: string;
  content?: string;
  toolArguments?: string;
  refusal?: string;
  finishReason?: string;
  usage?: LlmUsage;
}

interface StreamedChunk {
  model?: string;
  choices?: {
    delta?: {
      content?: string | null;
      refusal?: string | null;
      tool_calls?: { index?: number; function?: { arguments?: string } }[];
    };
    finish_reason?: string | null;
  }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: unknown;
}

/**
 * POSTs {base}/chat/completions streamed (usage included) and yields the first choice's deltas until `[DONE]`.
 * Throws LlmError; after the caller's abort it throws the signal's reason.
 */
export async function* streamChatCompletion(
  endpoint: ChatEndpoint,
  body: Record<string, unknown>,
  signal?: AbortSignal,
): AsyncGenerator<ChatDelta> {
  const deadline = AbortSignal.timeout(endpoint.timeoutMs);
  const idle = new AbortController();
  let idleTimer: NodeJS.Timeout | undefined;
  const restartIdleTimer = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => idle.abort(), endpoint.idleTimeoutMs);
  };
  const explain = (error: unknown, otherwise: () => LlmError): unknown => {
    if (signal?.aborted) return signal.reason;
    if (deadline.aborted) return failures.timeout();
    if (idle.signal.aborted) return failures.idle();
    return error instanceof LlmError ? error : otherwise();
  };

  let response: Response;
  try {
    response = await fetch(`${endpoint.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
      },
      body: JSON.stringify({ ...body, stream: true, stream_options: { include_usage: true } }),
      signal: AbortSignal.any([deadline, idle.signal, ...(signal ? [signal] : [])]),
    });
  } catch (error) {
    throw explain(error, failures.unreachable);
  }
  if (!response.ok) throw await failureOf(response);

  let hasFinishReason = false;
  try {
    for await (const data of readServerSentEvents(tap(response.body, restartIdleTimer))) {
      if (data.trim() === '[DONE]') return;
      const delta = toDelta(parseChunk(data));
      hasFinishReason ||= Boolean(delta.finishReason);
      yield delta;
    }
  } catch (error) {
    throw explain(error, failures.cut);
  } finally {
    clearTimeout(idleTimer);
  }
  if (!hasFinishReason) throw failures.cut();
}

async function* tap(body: ReadableStream<Uint8Array> | null, onChunk: () => void): AsyncGenerator<Uint8Array> {
  if (!body) return;
  for await (const chunk of body) {
    onChunk();
    yield chunk;
  }
}

function parseChunk(data: string): StreamedChunk {
  let chunk: StreamedChunk;
  try {
    chunk = JSON.parse(data) as StreamedChunk;
  } catch {
    throw failures.unreadable();
  }
  // OpenAI and vLLM report a failure met after the 200 as an event of its own.
  if (chunk.error) throw failures.streamError();
  return chunk;
}

function toDelta(chunk: StreamedChunk): ChatDelta {
  const choice = chunk.choices?.[0];
  const toolCall = choice?.delta?.tool_calls?.find((call) => (call.index ?? 0) === 0);
  return {
    model: chunk.model || undefined,
    content: choice?.delta?.content ?? undefined,
    toolArguments: toolCall?.function?.arguments,
    refusal: choice?.delta?.refusal ?? undefined,
    finishReason: choice?.finish_reason ?? undefined,
    usage: chunk.usage
      ? { promptTokens: chunk.usage.prompt_tokens ?? 0, completionTokens: chunk.usage.completion_tokens ?? 0 }
      : undefined,
  };
}
