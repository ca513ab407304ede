import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../../config';

/** The app loads only its own code and fonts; it talks to itself, its live channel and the CEP service. */
export function contentSecurityPolicy(config: Config): FastifyHelmetOptions['contentSecurityPolicy'] {
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
