import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LlmFixture, type LlmFixtureAnswer } from '../../../test/llm-fixture';
import { anamnesis, anamnesisSchema, fixtureProvider, messages } from '../../../test/llm-test-setup';
import { LlmError } from './llm-provider';

let fixture: LlmFixture;
beforeAll(async () => {
  fixture = await LlmFixture.start();
});
afterAll(() => fixture.close());
beforeEach(() => {
  fixture.requests.length = 0;
});

const provider = () => fixtureProvider(fixture, { timeoutMs: 1_000, idleTimeoutMs: 300 });

async function failureOf(answer: LlmFixtureAnswer, onField?: (key: string) => void): Promise<LlmError> {
  fixture.enqueue(answer);
  const error = await provider()
    .completeStructured({ messages, schema: anamnesisSchema, onField })
    .then(
      () => undefined,
      (reason: unknown) => reason,
    );
  expect(error).toBeInstanceOf(LlmError);
  return error as LlmError;
}

describe('a provider that fails before answering', () => {
  it('is unavailable on a 5xx or a 408', async () => {
    expect(await failureOf({ status: 500 })).toMatchObject({
      kind: 'unavailable',
      message: expect.stringMatching(/500/) as string,
    });
    expect((await failureOf({ status: 503 })).kind).toBe('unavailable');
    expect((await failureOf({ status: 408 })).kind).toBe('unavailable');
  });

  it('is unavailable when nothing listens', async () => {
    // Nothing listens on port 1: the connection is refused.
    const error = await fixtureProvider(fixture, { baseUrl: 'http://127.0.0.1:1/v1' })
      .completeText({ messages })
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ kind: 'unavailable', message: expect.stringContaining('fora do ar') as string });
  });

  it('is rate limited on a 429, with the seconds Retry-After gives, as seconds or as a date', async () => {
    const inSeconds = await failureOf({ status: 429, retryAfter: '7' });
    expect(inSeconds).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 7 });
    expect(inSeconds.message).toMatch(/7 s/);
    const asDate = await failureOf({ status: 429, retryAfter: new Date(Date.now() + 30_000).toUTCString() });
    expect(asDate.retryAfterSeconds).toBeGreaterThanOrEqual(28);
    expect(asDate.retryAfterSeconds).toBeLessThanOrEqual(30);
    expect((await failureOf({ status: 429 })).retryAfterSeconds).toBeUndefined();
  });

  it('has its key refused on a 401 or 403, naming LLM_API_KEY', async () => {
    const error = await failureOf({ status: 401, errorMessage: 'Incorrect API key provided' });
    expect(error).toMatchObject({ kind: 'key_refused', message: expect.stringContaining('LLM_API_KEY') as string });
    expect((await failureOf({ status: 403 })).kind).toBe('key_refused');
  });

  it('refuses the request on another 4xx, without quoting the server', async () => {
    const error = await failureOf({ status: 400, errorMessage: 'messages: Dor de cabeça is too long' });
    expect(error.kind).toBe('refused');
    expect(error.message).not.toMatch(/Dor de cabeça/);
    expect((await failureOf({ status: 404 })).kind).toBe('refused');
  });

  it('times out when the first byte comes after the total timeout, and cancels the request', async () => {
    const error = await failureOf({ json: anamnesis, delayMs: 1_500 });
    expect(error).toMatchObject({
      kind: 'timeout',
      message: expect.stringContaining('não respondeu a tempo') as string,
    });
    await expect.poll(() => fixture.requests[0]?.isClosedEarly).toBe(true);
  });

  it('does not apply the idle timeout before the first byte: a long prompt may take a while', async () => {
    const provider = fixtureProvider(fixture, { timeoutMs: 2_000, idleTimeoutMs: 100 });
    fixture.enqueue({ json: anamnesis, delayMs: 300 });
    expect((await provider.completeStructured({ messages, schema: anamnesisSchema })).value).toEqual(anamnesis);
  });
});

describe('a stream that goes wrong', () => {
  it('times out when the stream stalls longer than the idle timeout, and cancels the request', async () => {
    const error = await failureOf({ json: anamnesis, tokenDelayMs: 500 });
    expect(error).toMatchObject({ kind: 'timeout', message: expect.stringContaining('parou de responder') as string });
    await expect.poll(() => fixture.requests[0]?.isClosedEarly).toBe(true);
  });

  it('times out when the whole answer takes longer than the total timeout, though it never stalls', async () => {
    const error = await failureOf({ json: anamnesis, tokenSize: 4, tokenDelayMs: 20 });
    expect(error).toMatchObject({
      kind: 'timeout',
      message: expect.stringContaining('não respondeu a tempo') as string,
    });
  });

  it('is cut when the socket is reset mid-stream', async () => {
    const fields: string[] = [];
    const error = await failureOf({ json: anamnesis, cutAfterBytes: 1_200 }, (key) => fields.push(key));
    expect(error).toMatchObject({ kind: 'cut', message: expect.stringContaining('interrompida') as string });
    expect(fields.length).toBeLessThan(4);
  });

  it('is cut when the stream ends without [DONE] and without a finish reason', async () => {
    expect((await failureOf({ json: anamnesis, finishReason: null, omitDone: true })).kind).toBe('cut');
  });

  it('is complete with a finish reason even when [DONE] never comes', async () => {
    fixture.enqueue({ json: anamnesis, omitDone: true });
    const result = await provider().completeStructured({ messages, schema: anamnesisSchema });
    expect(result.value).toEqual(anamnesis);
  });

  it('is unavailable when the server reports an error inside the stream', async () => {
    expect((await failureOf({ json: anamnesis, hasErrorEvent: true })).kind).toBe('unavailable');
  });

  it('is malformed when the content is not JSON', async () => {
    const error = await failureOf({ content: 'Claro! Aqui está a anamnese: {"queixa_principal": "dor"}' });
    expect(error).toMatchObject({ kind: 'malformed', message: expect.stringContaining('estrutura pedida') as string });
  });

  it('is malformed when the JSON breaks off, when it is not an object, or lacks a required field', async () => {
    expect((await failureOf({ content: '{"queixa_principal": "dor", "alergias": ' })).kind).toBe('malformed');
    expect((await failureOf({ content: '{"queixa_principal": "dor",, }' })).kind).toBe('malformed');
    expect((await failureOf({ json: [anamnesis] })).kind).toBe('malformed');
    expect((await failureOf({ json: { ...anamnesis, alergias: undefined } })).kind).toBe('malformed');
    expect((await failureOf({ content: '{"alergias": "nega", "alergias": "nega"}' })).kind).toBe('malformed');
    expect((await failureOf({ content: '' })).kind).toBe('malformed');
  });

  it('is malformed when the token limit stopped the answer', async () => {
    const text = JSON.stringify(anamnesis);
    const error = await failureOf({ content: text.slice(0, 120), finishReason: 'length' });
    expect(error).toMatchObject({ kind: 'malformed', message: expect.stringContaining('limite de tokens') as string });
  });

  it('is refused when the model declines', async () => {
    expect((await failureOf({ refusal: 'Não posso ajudar com isso.' })).kind).toBe('refused');
    expect((await failureOf({ json: anamnesis, finishReason: 'content_filter' })).kind).toBe('refused');
  });

  it('follows the same rules for plain text', async () => {
    fixture.enqueue({ content: 'Resumo', tokenSize: 1, finishReason: 'length' }, { status: 429, retryAfter: '3' });
    await expect(provider().completeText({ messages })).rejects.toMatchObject({ kind: 'malformed' });
    await expect(provider().completeText({ messages })).rejects.toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 3,
    });
  });
});

describe('abort', () => {
  it('cancels the request mid-stream and rejects with the signal reason', async () => {
    fixture.enqueue({ json: anamnesis, tokenSize: 10, tokenDelayMs: 30 });
    const controller = new AbortController();
    const pending = provider().completeStructured({
      messages,
      schema: anamnesisSchema,
      signal: controller.signal,
      onField: () => controller.abort(new Error('consulta encerrada')),
    });
    await expect(pending).rejects.toThrow('consulta encerrada');
    await expect.poll(() => fixture.requests[0]?.isClosedEarly).toBe(true);
  });

  it('cancels the request before the first byte', async () => {
    fixture.enqueue({ content: 'Resumo', delayMs: 500 });
    const controller = new AbortController();
    const pending = provider().completeText({ messages, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
