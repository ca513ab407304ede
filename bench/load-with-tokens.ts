import autocannon from 'autocannon';
import type { LoadResult } from './load';

/**
 * Loads a URL as several users at once: each connection cycles through one request per bearer
 * token. Unlike load(), which takes one set of headers on autocannon's command line, this runs
 * autocannon in a worker thread, still off the event loop of the server it measures.
 */
export async function loadWithTokens(
  url: string,
  tokens: string[],
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    workers: 1,
    requests: tokens.map((token) => ({ method: 'GET', headers: { authorization: `Bearer ${token}` } })),
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
