// Requests the compression tests make; not part of the server.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { App } from '../src/platform/services';

/** The encodings the server sends, each with what decodes it. */
export const ENCODINGS = [
  ['br', brotliDecompressSync],
  ['gzip', gunzipSync],
] as const;

/** GET from a client that accepts `encoding`. */
export function getAccepting(app: App, url: string, encoding: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': encoding } });
}
