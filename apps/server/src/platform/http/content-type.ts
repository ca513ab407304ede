import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

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

/**
 * Refuses a body whose Content-Type is missing, malformed or not one the route consumes, before
 * any parser runs: odd spellings never reach a parser the route's validation does not expect.
 */
export function registerContentTypeCheck(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    if (!hasBody) return done();
    const consumes = request.routeOptions.config.consumes ?? ['application/json'];
    const header = request.headers['content-type'];
    const mediaType = header === undefined ? undefined : parseMediaType(header);
    if (mediaType && consumes.includes(mediaType)) return done();
    done(new AppError('unsupported_media_type', `Content-Type não suportado: envie ${consumes.join(' ou ')}`));
  });
}
