import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmFixture } from '../../../test/llm-fixture';
import { anamnesis, anamnesisSchema, fixtureProvider, messages } from '../../../test/llm-test-setup';

let fixture: LlmFixture;
beforeAll(async () => {
  fixture = await LlmFixture.start();
});
afterAll(() => fixture.close());

async function post(body: Record<string, unknown>): Promise<Response> {
  return fetch(`${fixture.baseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify(body) });
}

describe('LlmFixture', () => {
  it('fills every property of the requested schema when a test scripts nothing', async () => {
    const result = await fixtureProvider(fixture).completeStructured({ messages, schema: anamnesisSchema });
    expect(result.value).toEqual({
      queixa_principal: 'Texto de queixa_principal.',
      historia_da_doenca_atual: 'Texto de historia_da_doenca_atual.',
      medicamentos_em_uso: [],
      alergias: 'Texto de alergias.',
    });
  });

  it('answers without streaming when not asked to, in content or in a tool call', async () => {
    fixture.enqueue({ json: { a: 1 } }, { json: { b: 2 } });
    const inContent = (await (await post({ model: 'm', messages })).json()) as Record<string, unknown>;
    expect(inContent).toMatchObject({
      object: 'chat.completion',
      model: 'm',
      choices: [{ message: { role: 'assistant', content: '{"a":1}' }, finish_reason: 'stop' }],
    });
    const tools = [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }];
    const inToolCall = (await (await post({ model: 'm', messages, tools })).json()) as Record<string, unknown>;
    expect(inToolCall).toMatchObject({
      choices: [
        {
          message: { content: null, tool_calls: [{ function: { name: 'f', arguments: '{"b":2}' } }] },
          finish_reason: 'tool_calls',
        },
      ],
    });
  });

  it('lists its models and answers errors as OpenAI does', async () => {
    const models = await fetch(`${fixture.baseUrl}/models`);
    expect(await models.json()).toEqual({ object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model' }] });
    fixture.enqueue({ status: 429, retryAfter: '2', errorMessage: 'Rate limit reached' });
    const limited = await post({ model: 'm', messages });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(await limited.json()).toMatchObject({ error: { message: 'Rate limit reached' } });
  });

  it('holds a stream after the given characters until the test releases it over HTTP', async () => {
    const { queixa_principal } = anamnesis;
    const afterComplaint = JSON.stringify({ queixa_principal }).length - 1;
    fixture.enqueue({ json: anamnesis, hold: { key: 'queixa', afterCharacters: afterComplaint } });
    const fields: string[] = [];
    let isSettled = false;
    let onFirstField!: () => void;
    const firstField = new Promise<void>((resolve) => (onFirstField = resolve));
    const answer = fixtureProvider(fixture)
      .completeStructured({
        messages,
        schema: anamnesisSchema,
        onField: (key) => {
          fields.push(key);
          onFirstField();
        },
      })
      .finally(() => (isSettled = true));
    await firstField;
    expect(fields).toEqual(['queixa_principal']);
    expect(isSettled).toBe(false);

    const release = () => fetch(`${fixture.origin}/holds/queixa/release`, { method: 'POST' });
    expect((await release()).status).toBe(200);
    expect((await answer).value).toEqual(anamnesis);
    expect(fields).toEqual(Object.keys(anamnesis));
    expect((await release()).status).toBe(404);
  });
});
