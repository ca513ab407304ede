import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LlmFixture } from '../../../test/llm-fixture';
import { anamnesis, anamnesisSchema, fixtureProvider, messages } from '../../../test/llm-test-setup';

let fixture: LlmFixture;
beforeAll(async () => {
  fixture = await LlmFixture.start();
});
afterAll(() => fixture.close());
beforeEach(() => {
  fixture.requests.length = 0;
  fixture.refuseJsonSchema = false;
});

function collectFields() {
  const fields: [string, unknown][] = [];
  return { fields, onField: (key: string, value: unknown) => fields.push([key, value]) };
}

describe('completeStructured', () => {
  it('hands out each field once, in the order written, as soon as it is complete', async () => {
    fixture.enqueue({ json: anamnesis, tokenSize: 3, tokenDelayMs: 5 });
    const { fields, onField } = collectFields();
    const before = performance.now();
    const result = await fixtureProvider(fixture).completeStructured({ messages, schema: anamnesisSchema, onField });
    expect(fields).toEqual(Object.entries(anamnesis));
    expect(result.value).toEqual(anamnesis);
    expect(result.model).toBe('gpt-4o-mini');
    expect(result.finishedAt).toBeGreaterThan(before);
    expect(result.finishedAt).toBeLessThanOrEqual(performance.now());
    expect(result.usage).toEqual({
      promptTokens: expect.any(Number) as number,
      completionTokens: expect.any(Number) as number,
    });
    expect(result.usage?.completionTokens).toBeGreaterThan(10);
  });

  it('hands out a field before the rest of the answer has arrived', async () => {
    fixture.enqueue({ json: anamnesis, tokenSize: 20, tokenDelayMs: 40 });
    let firstFieldAt = 0;
    const result = await fixtureProvider(fixture).completeStructured({
      messages,
      schema: anamnesisSchema,
      onField: () => (firstFieldAt ||= performance.now()),
    });
    expect(result.finishedAt - firstFieldAt).toBeGreaterThan(100);
  });

  it('reads a stream split at every byte, through lines and multi-byte characters', async () => {
    fixture.enqueue({ json: anamnesis, tokenSize: 1, chunkBytes: 1 });
    const { fields, onField } = collectFields();
    // Some two thousand writes of one byte each: slow on a busy machine.
    const provider = fixtureProvider(fixture, { timeoutMs: 15_000 });
    const result = await provider.completeStructured({ messages, schema: anamnesisSchema, onField });
    expect(fields).toEqual(Object.entries(anamnesis));
    expect(result.value).toEqual(anamnesis);
  });

  it('asks for the schema strictly, streamed with usage, with the key and the configured model', async () => {
    await fixtureProvider(fixture).completeStructured({ messages, schema: anamnesisSchema });
    const [request] = fixture.requests;
    expect(request?.authorization).toBe('Bearer chave-de-teste');
    expect(request?.body).toEqual({
      model: 'gpt-4o-mini',
      messages,
      stream: true,
      stream_options: { include_usage: true },
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'anamnese', strict: true, schema: anamnesisSchema.jsonSchema },
      },
    });
  });

  it('sends no authorization without a key, and reports the model the server names', async () => {
    fixture.enqueue({ json: anamnesis, model: 'gpt-4o-mini-2024-07-18' });
    const result = await fixtureProvider(fixture, { apiKey: undefined }).completeStructured({
      messages,
      schema: anamnesisSchema,
    });
    expect(fixture.requests[0]?.authorization).toBeUndefined();
    expect(result.model).toBe('gpt-4o-mini-2024-07-18');
  });

  it('in tool mode forces a call of a function taking the schema, and reads its arguments', async () => {
    fixture.enqueue({ json: anamnesis, tokenSize: 2 });
    const { fields, onField } = collectFields();
    const provider = fixtureProvider(fixture, { structuredOutput: 'tool' });
    const result = await provider.completeStructured({ messages, schema: anamnesisSchema, onField });
    expect(fields).toEqual(Object.entries(anamnesis));
    expect(result.value).toEqual(anamnesis);
    const { body } = fixture.requests[0]!;
    expect(body.response_format).toBeUndefined();
    expect(body.tools).toEqual([
      { type: 'function', function: { name: 'anamnese', parameters: anamnesisSchema.jsonSchema } },
    ]);
    expect(body.tool_choice).toEqual({ type: 'function', function: { name: 'anamnese' } });
  });

  it('in auto mode falls back to a tool call when the server refuses json_schema, and remembers it', async () => {
    fixture.refuseJsonSchema = true;
    fixture.enqueue({ json: anamnesis });
    const provider = fixtureProvider(fixture, { structuredOutput: 'auto' });
    const { fields, onField } = collectFields();
    expect((await provider.completeStructured({ messages, schema: anamnesisSchema, onField })).value).toEqual(
      anamnesis,
    );
    expect(fields).toEqual(Object.entries(anamnesis));
    await provider.completeStructured({ messages, schema: anamnesisSchema });
    expect(fixture.requests.map(({ body }) => (body.tools ? 'tool' : 'json_schema'))).toEqual([
      'json_schema',
      'tool',
      'tool',
    ]);
  });

  it('in json_schema mode reports the refusal, naming the setting that fixes it', async () => {
    fixture.refuseJsonSchema = true;
    const provider = fixtureProvider(fixture, { structuredOutput: 'json_schema' });
    await expect(provider.completeStructured({ messages, schema: anamnesisSchema })).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('LLM_STRUCTURED_OUTPUT=tool') as string,
    });
    expect(fixture.requests).toHaveLength(1);
  });
});

describe('completeText', () => {
  it('returns the streamed text and the model, without a schema', async () => {
    const text = 'Paciente de 45 anos com cefaleia há três dias; nega febre. Usa dipirona.';
    fixture.enqueue({ content: text, tokenSize: 1, chunkBytes: 3 });
    const result = await fixtureProvider(fixture).completeText({ messages });
    expect(result).toEqual({ text, model: 'gpt-4o-mini' });
    const { body } = fixture.requests[0]!;
    expect(body.response_format).toBeUndefined();
    expect(body.tools).toBeUndefined();
    expect(body.messages).toEqual(messages);
  });
});
