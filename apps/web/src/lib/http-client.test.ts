import { FetchError } from 'ofetch';
import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, RETRY_STATUS_CODES } from './http-client';

function setup(responses: Array<[number, unknown]>, token?: string) {
  const requests: Request[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    const [status, body] = responses[Math.min(requests.length - 1, responses.length - 1)] ?? [200, {}];
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
  });
  const onUnauthorized = vi.fn();
  const client = createHttpClient({ baseURL: 'http://api.test/api/v1', getToken: () => token, onUnauthorized, fetch });
  return { client, requests, onUnauthorized };
}

describe('http client', () => {
  it('sends the bearer token when authenticated, and none otherwise', async () => {
    const authed = setup([[200, { ok: true }]], 'abc');
    await authed.client('/user/me/');
    expect(authed.requests[0]?.headers.get('authorization')).toBe('Bearer abc');
    expect(authed.requests[0]?.url).toBe('http://api.test/api/v1/user/me/');

    const anonymous = setup([[200, {}]]);
    await anonymous.client('/common/license-types');
    expect(anonymous.requests[0]?.headers.has('authorization')).toBe(false);
  });

  it.each(RETRY_STATUS_CODES)('retries a GET once on %d', async (status) => {
    const { client, requests } = setup([[status, { detail: 'x' }]]);
    await expect(client('/x')).rejects.toBeInstanceOf(FetchError);
    expect(requests).toHaveLength(2);
  });

  it('succeeds when the retry does', async () => {
    const { client, requests } = setup([
      [503, { detail: 'busy' }],
      [200, { ok: 1 }],
    ]);
    await expect(client('/x')).resolves.toEqual({ ok: 1 });
    expect(requests).toHaveLength(2);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never retries a %s', async (method) => {
    const { client, requests } = setup([[503, { detail: 'busy' }]]);
    await expect(client('/x', { method, body: {} })).rejects.toBeInstanceOf(FetchError);
    expect(requests).toHaveLength(1);
  });

  it('does not retry a GET on 400, 404 or 422 and passes the body to the caller', async () => {
    for (const status of [400, 404, 422]) {
      const { client, requests } = setup([[status, { detail: 'Não encontrado' }]]);
      const error = await client<unknown>('/x').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(FetchError);
      expect((error as FetchError).status).toBe(status);
      expect((error as FetchError).data).toEqual({ detail: 'Não encontrado' });
      expect(requests).toHaveLength(1);
    }
  });

  it('reports a 401 on an authenticated call, not on an anonymous one', async () => {
    const authed = setup([[401, { detail: 'Sessão inválida' }]], 'abc');
    await expect(authed.client('/user/me/')).rejects.toBeInstanceOf(FetchError);
    expect(authed.onUnauthorized).toHaveBeenCalledTimes(1);

    const anonymous = setup([[401, { detail: 'E-mail ou senha incorretos' }]]);
    await expect(anonymous.client('/token', { method: 'POST' })).rejects.toBeInstanceOf(FetchError);
    expect(anonymous.onUnauthorized).not.toHaveBeenCalled();
  });
});
