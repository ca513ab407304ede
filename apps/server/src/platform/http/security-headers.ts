import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../../config';

/**
 * The app loads only its own code and fonts; it talks to itself, its live channel and the CEP service.
 * `scriptHashes` allow the inline scripts of a page that needs them (the API reference's start-up script).
 */
function contentSecurityPolicy(config: Config, scriptHashes: string[] = []): HelmetOptions['contentSecurityPolicy'] {
  return {
    useDefaults: true,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)],
      // Radix positions popovers with inline style attributes.
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", 'ws:', 'wss:', new URL(config.cepLookupUrl).origin],
      'media-src': ["'self'", 'blob:'],
      'upgrade-insecure-requests': null,
    },
  };
}

/**
 * helmet's headers, read once: with no nonce they are the same on every response, so each request
 * only copies them (@fastify/helmet runs helmet's whole middleware again on every request).
 */
function securityHeaders(config: Config, scriptHashes?: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    removeHeader() {},
  };
  let isDone = false;
  helmet({ contentSecurityPolicy: contentSecurityPolicy(config, scriptHashes) })(
    {} as IncomingMessage,
    collector as unknown as ServerResponse,
    () => (isDone = true),
  );
  if (!isDone) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/** The app's content security policy, also allowing inline scripts with these `sha256-…` hashes. */
export function contentSecurityPolicyAllowing(config: Config, scriptHashes: string[]): string {
  return securityHeaders(config, scriptHashes)['content-security-policy']!;
}

/** helmet's headers on every answer of `app`'s routes, and no caching of API answers. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config);
  // API answers carry patients' data: no browser cache or proxy keeps a copy (clinics share computers).
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : headers);
    done();
  });
}
