import { FetchError } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { readApiError, readRetryAfterMs } from './api-error';

function fetchError(status: number, data: unknown, headers: Record<string, string> = {}) {
  const error = new FetchError('failed');
  Object.assign(error, { status, data, response: new Response(null, { status, headers }) });
  return error;
}

describe('readApiError', () => {
  it('places validation messages beside the field named by the last loc element', () => {
    const info = readApiError(
      fetchError(422, {
        detail: [
          { loc: ['body', 'email'], msg: 'E-mail inválido', type: 'invalid_format' },
          { loc: ['body', 'address', 'street'], msg: 'Campo obrigatório', type: 'too_small' },
          { loc: ['body'], msg: 'Informe ao menos um campo', type: 'custom' },
        ],
      }),
    );
    expect(info.fieldErrors).toEqual({ email: 'E-mail inválido', street: 'Campo obrigatório' });
    expect(info.message).toBe('Informe ao menos um campo');
  });

  it('passes a sentence through', () => {
    const info = readApiError(fetchError(429, { detail: 'Muitas tentativas. Tente novamente em 15 minutos.' }));
    expect(info).toMatchObject({ status: 429, message: 'Muitas tentativas. Tente novamente em 15 minutos.' });
  });

  it('explains a network failure and hides server internals', () => {
    expect(readApiError(new TypeError('fetch failed')).message).toMatch(/conexão/);
    expect(readApiError(fetchError(500, { detail: 'stack trace' })).message).toMatch(/nosso lado/);
  });
});

describe('readRetryAfterMs', () => {
  it('reads the wait the server asked for, in seconds or as a date', () => {
    expect(readRetryAfterMs(fetchError(429, undefined, { 'retry-after': '20' }))).toBe(20_000);
    const now = Date.parse('2026-03-12T14:00:00Z');
    const date = fetchError(503, undefined, { 'retry-after': 'Thu, 12 Mar 2026 14:00:30 GMT' });
    expect(readRetryAfterMs(date, now)).toBe(30_000);
    expect(readRetryAfterMs(fetchError(503, undefined, { 'retry-after': 'Thu, 12 Mar 2026 13:00:00 GMT' }), now)).toBe(
      0,
    );
  });

  it('is undefined when the server did not say or said nonsense', () => {
    expect(readRetryAfterMs(fetchError(429, undefined))).toBeUndefined();
    expect(readRetryAfterMs(fetchError(429, undefined, { 'retry-after': 'logo' }))).toBeUndefined();
    expect(readRetryAfterMs(new TypeError('fetch failed'))).toBeUndefined();
  });
});
