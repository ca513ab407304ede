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
 * helmet's security headers on every response of the scope. The middleware is built once:
 * @fastify/helmet builds it again on every request, which costs a few percent of a small request.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const setSecurityHeaders = helmet({ contentSecurityPolicy: contentSecurityPolicy(config) });
  app.addHook('onRequest', (request, reply, done) =>
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined)),
  );
}
