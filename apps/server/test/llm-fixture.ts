import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { LoopbackServer } from './loopback-server';
import { answerText, splitCharacters, streamAnswer, usageOf } from './llm-fixture-stream';

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

  /** Drops answers a test queued and no request took, so they cannot answer the next test's requests. */
  dropQueued(): void {
    this.queue.length = 0;
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
