import type { FastifyRequest } from 'fastify';
import type { RequestOrigin } from '../audit';

/** Where a request came from, for the audit trail and sessions: its address (TRUST_PROXY decides) and user agent. */
export function originOf(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null };
}
