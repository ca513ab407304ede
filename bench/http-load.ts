import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/**
 * Loads a URL with autocannon in a worker thread, so the load generator never shares the event
 * loop of the server it measures. With several bearer tokens, each connection cycles through them,
 * as many professionals using the app at once would.
 */
export async function load(
  url: string,
  options: { connections: number; seconds: number; tokens?: string[] },
): Promise<LoadResult> {
  const tokens = options.tokens ?? [];
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    workers: 1,
    ...(tokens.length > 0 && {
      requests: tokens.map((token) => ({ method: 'GET', headers: { authorization: `Bearer ${token}` } })),
    }),
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export function formatResult(label: string, result: LoadResult): string {
  const rate = result.requestsPerSecond.toFixed(0).padStart(8);
  return `${label.padEnd(40)} ${rate} req/s   p99 ${result.p99Ms.toFixed(1).padStart(6)} ms   non-2xx ${result.non2xx}`;
}
