import { streamChatCompletion, type ChatEndpoint } from './chat-completion-stream';
import { StructuredOutputUnsupported, failures } from './llm-failures';
import type { LlmProvider, LlmUsage, StructuredRequest, StructuredResult, TextRequest } from './llm-provider';
import { StreamedObject, requiredKeysOf } from './streamed-object';

export interface OpenAiCompatibleLlmOptions extends ChatEndpoint {
  model: string;
  /** `auto`: JSON schema until the server refuses it with a 400, then a forced tool call from there on. */
  structuredOutput: 'json_schema' | 'tool' | 'auto';
}

type StructuredMode = 'json_schema' | 'tool';

/** Chat completions as OpenAI, vLLM, llama.cpp's server, Ollama and LiteLLM speak them, always streamed. */
export class OpenAiCompatibleLlm implements LlmProvider {
  private mode: StructuredMode;

  constructor(private readonly options: OpenAiCompatibleLlmOptions) {
    this.mode = options.structuredOutput === 'tool' ? 'tool' : 'json_schema';
  }

  get model(): string {
    return this.options.model;
  }

  async completeStructured(request: StructuredRequest): Promise<StructuredResult> {
    if (this.mode === 'json_schema') {
      try {
        return await this.streamStructured(request, 'json_schema');
      } catch (error) {
        if (!(error instanceof StructuredOutputUnsupported) || this.options.structuredOutput !== 'auto') throw error;
        this.mode = 'tool';
      }
    }
    return this.streamStructured(request, 'tool');
  }

  async completeText(request: TextRequest): Promise<{ text: string; model: string }> {
    let text = '';
    const answer = await this.stream({ messages: request.messages }, request.signal, (delta) => {
      text += delta.content ?? '';
    });
    return { text: text.trim(), model: answer.model };
  }

  private async streamStructured(request: StructuredRequest, mode: StructuredMode): Promise<StructuredResult> {
    const { name, jsonSchema } = request.schema;
    const format =
      mode === 'tool'
        ? {
            tools: [{ type: 'function', function: { name, parameters: jsonSchema } }],
            tool_choice: { type: 'function', function: { name } },
          }
        : { response_format: { type: 'json_schema', json_schema: { name, strict: true, schema: jsonSchema } } };
    const object = new StreamedObject(requiredKeysOf(jsonSchema));
    const answer = await this.stream({ messages: request.messages, ...format }, request.signal, (delta) => {
      const text = mode === 'tool' ? delta.toolArguments : delta.content;
      if (!text) return;
      for (const [key, value] of object.write(text)) request.onField?.(key, value);
    });
    return { value: object.end(), ...answer };
  }

  /** Streams one completion through `onDelta`; the answer's model, end time and usage. */
  private async stream(
    body: Record<string, unknown>,
    signal: AbortSignal | undefined,
    onDelta: (delta: { content?: string; toolArguments?: string }) => void,
  ): Promise<{ model: string; finishedAt: number; usage?: LlmUsage }> {
    let model = this.options.model;
    let usage: LlmUsage | undefined;
    let finishReason: string | undefined;
    for await (const delta of streamChatCompletion(this.options, { model, ...body }, signal)) {
      if (delta.refusal) throw failures.declined();
      model = delta.model ?? model;
      usage = delta.usage ?? usage;
      finishReason = delta.finishReason ?? finishReason;
      onDelta(delta);
    }
    const finishedAt = performance.now();
    if (finishReason === 'length') throw failures.tooLong();
    if (finishReason === 'content_filter') throw failures.declined();
    return { model, finishedAt, usage };
  }
}
