import type { IncomingMessage, ServerResponse } from 'node:http';
import { setImmediate, setTimeout as sleep } from 'node:timers/promises';
import { LoopbackServer } from './loopback-server';

/** The parts of a chat-completions request the fixture reads; the whole body is kept as sent. */
export interface ChatRequestBody {
  model?: string;
  messages?: { role: string; content: string }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type?: string; json_schema?: { name?: string; strict?: boolean; schema?: JsonSchema } };
  tools?: { type?: string; function?: { name?: string; parameters?: JsonSchema } }[];
  tool_choice?: unknown;
  [key: string]: unknown;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  enum?: unknown[];
  [key: string]: unknown;
}

export interface LlmFixtureRequest {
  body: ChatRequestBody;
  authorization: string | undefined;
  /** The client went away before the answer was over (its abort or timeout). */
  isClosedEarly: boolean;
}

/** One scripted answer. Without `status`, a 200 carrying `json` (serialized) or `content` (as is). */
export interface LlmFixtureAnswer {
  /** Serialized as the content, or as the tool call's arguments when the request offered tools. */
  json?: unknown;
  /** Raw content (or tool arguments): plain text, broken JSON. */
  content?: string;
  /** Streamed as `delta.refusal` instead of content, as OpenAI does when the model declines. */
  refusal?: string;
  /** An error status with an OpenAI-style error body. */
  status?: number;
  errorMessage?: string;
  /** The Retry-After header sent with the status. */
  retryAfter?: string;
  /** Before the first byte, headers included. */
  delayMs?: number;
  /** Between two writes of the stream. */
  tokenDelayMs?: number;
  /**
   * Stops the stream once this many characters (UTF-16 units) of the content are written, until the test releases
   * `key` (`release`, or POST /holds/{key}/release from another process): the client is seen mid-answer, however
   * slow the machine. One stream per key at a time.
   */
  hold?: { key: string; afterCharacters: number };
  /** Characters of content per streamed chunk (default 8). */
  tokenSize?: number;
  /** Writes the stream's bytes in pieces of this size, splitting lines and UTF-8 characters, not event by event. */
  chunkBytes?: number;
  /** Destroys the socket once this many bytes of the stream were written. */
  cutAfterBytes?: number;
  /** An `error` event after the content, then the end, as OpenAI and vLLM report a failure met mid-stream. */
  hasErrorEvent?: boolean;
  /** Default `stop` (`tool_calls` when the request offered tools); null sends none. */
  finishReason?: string | null;
  omitDone?: boolean;
  /** The model the answer names; default the requested one. */
  model?: string;
}

// Within the provider's idle timeout where streams are held: 30 s for the browser tests' server, 2 s in the fixture's test.
const KEEP_ALIVE_MS = 1_000;

/**
 * A loopback OpenAI-compatible chat-completions server (POST /v1/chat/completions, streamed or not; GET
 * /v1/models) whose answers each test scripts: queued answers first, then `respond`, which by default fills
 * every property of the requested schema. Answers with a tool call when the request offered tools. Tests only.
 */
export class LlmFixture extends LoopbackServer {
  readonly requests: LlmFixtureRequest[] = [];
  readonly models = ['gpt-4o-mini'];
  respond: (body: ChatRequestBody) => LlmFixtureAnswer = fillRequestedSchema;
  /** Answers 400 to `response_format` json_schema, as servers without structured output do. */
  refuseJsonSchema = false;
  private readonly queue: LlmFixtureAnswer[] = [];
  private readonly held = new Map<string, () => void>();

  private constructor() {
    super();
  }

  static start(): Promise<LlmFixture> {
    return new LlmFixture().listen();
  }

  /** The OpenAI-compatible base, as LLM_URL takes it. */
  get baseUrl(): string {
    return `${this.origin}/v1`;
  }

  /** Answers the next requests, in order, before `respond` takes over again. */
  enqueue(...answers: LlmFixtureAnswer[]): void {
    this.queue.push(...answers);
  }

  /** Lets the stream held under `key` go on; false when none is held under it. */
  release(key: string): boolean {
    const resume = this.held.get(key);
    this.held.delete(key);
    resume?.();
    return resume !== undefined;
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'GET' && request.url === '/v1/models') {
      sendJson(response, 200, { object: 'list', data: this.models.map((id) => ({ id, object: 'model' })) });
      return;
    }
    const release = /^\/holds\/([^/]+)\/release$/.exec(request.url ?? '');
    if (request.method === 'POST' && release) {
      const isReleased = this.release(decodeURIComponent(release[1]!));
      sendJson(response, isReleased ? 200 : 404, isReleased ? {} : openAiError('No stream is held under this key'));
      return;
    }
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      sendJson(response, 404, openAiError('Not found'));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequestBody;
    const received: LlmFixtureRequest = { body, authorization: request.headers.authorization, isClosedEarly: false };
    this.requests.push(received);
    response.on('close', () => (received.isClosedEarly = !response.writableFinished));

    if (this.refuseJsonSchema && body.response_format?.type === 'json_schema') {
      sendJson(response, 400, openAiError("Invalid parameter: response_format of type 'json_schema' is not supported"));
      return;
    }
    const answer = this.queue.shift() ?? this.respond(body);
    if (answer.delayMs) await sleep(answer.delayMs);
    if (response.destroyed) return;
    if (answer.status && answer.status >= 400) {
      if (answer.retryAfter) response.setHeader('retry-after', answer.retryAfter);
      sendJson(response, answer.status, openAiError(answer.errorMessage ?? 'fixture failure'));
      return;
    }
    if (body.stream) await streamAnswer(response, body, answer, answer.hold && this.holdUntilReleased(answer.hold.key));
    else sendJson(response, 200, completion(body, answer));
  }

  private holdUntilReleased(key: string): Promise<void> {
    return new Promise((resolve) => this.held.set(key, resolve));
  }
}

async function streamAnswer(
  response: ServerResponse,
  body: ChatRequestBody,
  answer: LlmFixtureAnswer,
  hold: Promise<void> | undefined,
): Promise<void> {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  // The events before the hold, then those after it: the bytes of each are sliced on their own.
  const parts = streamEvents(body, answer).map((events) =>
    answer.chunkBytes
      ? sliceBytes(Buffer.from(events.join('')), answer.chunkBytes)
      : events.map((event) => Buffer.from(event)),
  );
  let written = 0;
  for (const [index, pieces] of parts.entries()) {
    if (index > 0) await keptAliveUntil(response, hold);
    for (const piece of pieces) {
      if (response.destroyed) return;
      if (answer.cutAfterBytes !== undefined && written + piece.length >= answer.cutAfterBytes) {
        response.write(piece.subarray(0, answer.cutAfterBytes - written));
        // Give the bytes time to leave before the reset.
        await sleep(20);
        response.socket?.destroy();
        return;
      }
      response.write(piece);
      written += piece.length;
      // Yielding between writes lets them leave as separate packets, as a real stream's tokens do.
      await (answer.tokenDelayMs ? sleep(answer.tokenDelayMs) : setImmediate());
    }
  }
  response.end();
}

/**
 * Waits for a held stream's release, writing keep-alive comments meanwhile as servers do through a long silence, so
 * the client's idle timeout does not end a hold that lasts.
 */
async function keptAliveUntil(response: ServerResponse, hold: Promise<void> | undefined): Promise<void> {
  const timer = setInterval(() => {
    if (!response.destroyed) response.write(': keep-alive\n\n');
  }, KEEP_ALIVE_MS);
  try {
    await hold;
  } finally {
    clearInterval(timer);
  }
}

/** The stream's events: one list, or two when the answer holds (the content split at its hold). */
function streamEvents(body: ChatRequestBody, answer: LlmFixtureAnswer): string[][] {
  const tool = body.tools?.[0]?.function;
  const base = {
    id: 'chatcmpl-fixture',
    object: 'chat.completion.chunk',
    created: 0,
    model: answer.model ?? body.model,
  };
  const event = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
  const chunk = (delta: unknown, finishReason: string | null = null) =>
    event({ ...base, choices: [{ index: 0, delta, finish_reason: finishReason }] });
  const text = answer.refusal ?? answerText(answer);
  const holdAt = answer.hold?.afterCharacters ?? text.length;
  const beforeHold = splitCharacters(text.slice(0, holdAt), answer.tokenSize ?? 8);
  const pieces = [...beforeHold, ...splitCharacters(text.slice(holdAt), answer.tokenSize ?? 8)];
  // The keep-alive and the role's chunk, then the content's pieces up to the hold.
  const heldAt = 2 + beforeHold.length;
  const split = (events: string[]) => (answer.hold ? [events.slice(0, heldAt), events.slice(heldAt)] : [events]);

  const events = [': keep-alive\n\n'];
  events.push(
    tool
      ? chunk({
          role: 'assistant',
          content: null,
          tool_calls: [
            { index: 0, id: 'call_fixture', type: 'function', function: { name: tool.name, arguments: '' } },
          ],
        })
      : chunk({ role: 'assistant', content: '' }),
  );
  for (const piece of pieces) {
    if (answer.refusal !== undefined) events.push(chunk({ refusal: piece }));
    else if (tool) events.push(chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }));
    else events.push(chunk({ content: piece }));
  }
  if (answer.hasErrorEvent)
    return split([...events, event({ error: { message: 'fixture failure', type: 'server_error' } })]);
  const finishReason = answer.finishReason === undefined ? (tool ? 'tool_calls' : 'stop') : answer.finishReason;
  if (finishReason !== null) events.push(chunk({}, finishReason));
  if (body.stream_options?.include_usage) events.push(event({ ...base, choices: [], usage: usageOf(body, pieces) }));
  if (!answer.omitDone) events.push('data: [DONE]\n\n');
  return split(events);
}

function completion(body: ChatRequestBody, answer: LlmFixtureAnswer): unknown {
  const tool = body.tools?.[0]?.function;
  const text = answerText(answer);
  const message = tool
    ? {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_fixture', type: 'function', function: { name: tool.name, arguments: text } }],
      }
    : { role: 'assistant', content: text };
  return {
    id: 'chatcmpl-fixture',
    object: 'chat.completion',
    created: 0,
    model: answer.model ?? body.model,
    choices: [{ index: 0, message, finish_reason: answer.finishReason ?? (tool ? 'tool_calls' : 'stop') }],
    usage: usageOf(body, splitCharacters(text, answer.tokenSize ?? 8)),
  };
}

function answerText(answer: LlmFixtureAnswer): string {
  return answer.content ?? (answer.json === undefined ? '' : JSON.stringify(answer.json));
}

function usageOf(body: ChatRequestBody, pieces: string[]) {
  const promptCharacters = (body.messages ?? []).reduce((total, message) => total + message.content.length, 0);
  const promptTokens = Math.ceil(promptCharacters / 4);
  return { prompt_tokens: promptTokens, completion_tokens: pieces.length, total_tokens: promptTokens + pieces.length };
}

/** By code points, so a piece never holds half of a surrogate pair. */
function splitCharacters(text: string, size: number): string[] {
  const characters = Array.from(text);
  const pieces: string[] = [];
  for (let start = 0; start < characters.length; start += size)
    pieces.push(characters.slice(start, start + size).join(''));
  return pieces;
}

function sliceBytes(bytes: Buffer, size: number): Buffer[] {
  const pieces: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) pieces.push(bytes.subarray(start, start + size));
  return pieces;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function openAiError(message: string) {
  return { error: { message, type: 'invalid_request_error', param: null, code: null } };
}

/** The default answer: every property of the requested schema filled, or a line of text without a schema. */
export function fillRequestedSchema(body: ChatRequestBody): LlmFixtureAnswer {
  const schema = body.response_format?.json_schema?.schema ?? body.tools?.[0]?.function?.parameters;
  return schema ? { json: sampleOf(schema, 'resposta') } : { content: 'Resumo condensado da consulta.' };
}

function sampleOf(schema: JsonSchema, key: string): unknown {
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
  switch (type ?? 'string') {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [name, sampleOf(property, name)]),
      );
    case 'array':
      return [];
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return false;
    default:
      return `Texto de ${key}.`;
  }
}
