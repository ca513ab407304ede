import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../../config';

/** The app loads only its own code and fonts; it talks to itself, its live channel and the CEP service. */
function contentSecurityPolicy(config: Config): HelmetOptions['contentSecurityPolicy'] {
  return {
    useDefaults: true,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
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
function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    removeHeader() {},
  };
  let isDone = false;
  helmet({ contentSecurityPolicy: contentSecurityPolicy(config) })(
    {} as IncomingMessage,
    collector as unknown as ServerResponse,
    () => (isDone = true),
  );
  if (!isDone) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config);
  // API answers carry patients' data: no browser cache or proxy keeps a copy (clinics share computers).
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : headers);
    done();
  });
}
