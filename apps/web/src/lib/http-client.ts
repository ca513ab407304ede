import { createFetch, type $Fetch, type FetchContext } from 'ofetch';

/** Spec §9: statuses on which a GET is retried once; writes are never retried. */
export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504];

export function retriesFor(method: string | undefined): number {
  return (method ?? 'GET').toUpperCase() === 'GET' ? 1 : 0;
}

export interface HttpClientOptions {
  baseURL: string;
  getToken: () => string | undefined;
  /** An authenticated call answered 401 (spec §8). */
  onUnauthorized: () => void;
  fetch?: typeof globalThis.fetch;
}

/**
 * The API client: bearer token on every authenticated call; statuses 400–599 throw a FetchError
 * whose `data` is the response body, for the caller to read.
 */
export function createHttpClient(options: HttpClientOptions): $Fetch {
  const base = createFetch({ fetch: options.fetch ?? ((...args) => globalThis.fetch(...args)) });
  return base.create({
    baseURL: options.baseURL,
    retryStatusCodes: RETRY_STATUS_CODES,
    onRequest(context: FetchContext) {
      context.options.retry ??= retriesFor(context.options.method);
      const token = options.getToken();
      if (token) context.options.headers.set('Authorization', `Bearer ${token}`);
    },
    onResponseError(context) {
      if (context.response.status === 401 && context.options.headers.has('Authorization')) options.onUnauthorized();
    },
  });
}
