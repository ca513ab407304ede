import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { AppError } from '../errors';
import { asList } from './route-hooks';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Media types the route's body may have; JSON when not said. */
    consumes?: readonly string[];
  }
}

const TOKEN = "[!#$%&'*+.^_`|~0-9a-z-]+";
const MEDIA_TYPE = new RegExp(`^(${TOKEN}/${TOKEN})\\s*(;\\s*${TOKEN}=("[^"]*"|${TOKEN})\\s*)*$`, 'i');

/** The media type of a Content-Type header, lower-cased, or undefined when the header is malformed. */
export function parseMediaType(header: string): string | undefined {
  return MEDIA_TYPE.exec(header.trim())?.[1]?.toLowerCase();
}

// Fastify parses no body for these methods, whatever the request carries.
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'TRACE']);

/**
 * Refuses a body whose Content-Type is missing, malformed or not one the route consumes, before
 * any parser runs: odd spellings never reach a parser the route's validation does not expect.
 * Only routes that take a body check it: a GET's body is never read, and the check stays out of its way.
 * Register after registerAccessControl: the check goes before the session check, so it runs first.
 */
export function registerContentTypeCheck(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => BODYLESS_METHODS.has(method))) return;
    const consumes = route.config?.consumes ?? ['application/json'];
    const checkContentType: onRequestHookHandler = (request, _reply, done) => {
      const hasBody =
        Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
      if (!hasBody) return done();
      const header = request.headers['content-type'];
      const mediaType = header === undefined ? undefined : parseMediaType(header);
      if (mediaType && consumes.includes(mediaType)) return done();
      done(new AppError('unsupported_media_type', `Content-Type não suportado: envie ${consumes.join(' ou ')}`));
    };
    route.onRequest = [checkContentType, ...asList(route.onRequest)];
  });
}
