import { FetchError } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { readApiError } from './api-error';

function fetchError(status: number, data: unknown) {
  const error = new FetchError('failed');
  Object.assign(error, { status, data, response: new Response(null, { status }) });
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
