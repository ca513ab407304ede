import { isAdmin } from '@escriba/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../errors';
import { asList } from '../http/route-hooks';
import type { Authenticated, Authenticator } from './authenticator';
import { sessionCookieToken } from './session-cookie';
import type { ActiveSession } from './session-store';

/** Every API route declares who may call it; there are no exemptions by URL prefix. */
export type Access = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Only the refresh route: a token just replaced by a concurrent refresh is still accepted there. */
    acceptsRotatedToken?: boolean;
    /**
     * Only the GETs of files (an evidence's, a document's PDF): an <img> or a new tab sends no bearer token,
     * but the same-site `session` cookie holding it (spec §3), so the file opens only while that session lives.
     */
    acceptsSessionCookie?: boolean;
  }
  interface FastifyRequest {
    auth: ActiveSession | null;
    /** The bearer token as presented, for the routes that act on the token itself. */
    bearerToken: string | null;
  }
}

const ADMIN_PREFIX = '/api/v1/admin';

/**
 * Installs the access check: routes without a declared access fail at start-up, not at request time, and each
 * route for signed-in users gets its own check (a public route runs none).
 */
export function registerAccessControl(app: FastifyInstance, authenticator: Authenticator): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('bearerToken', null);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (route.url.startsWith('/api/v1/') || route.url.startsWith('/v1/')) {
      if (!access) throw new Error(`Route ${route.method.toString()} ${route.url} declares no access`);
      if (route.url.startsWith(ADMIN_PREFIX) && access !== 'admin') {
        throw new Error(`Admin route ${route.url} must declare access 'admin'`);
      }
    }
    if (access !== 'user' && access !== 'admin') return;
    // First among the route's own hooks: nothing of the route runs before the caller is known.
    route.onRequest = [sessionCheck(authenticator, access, route.config ?? {}), ...asList(route.onRequest)];
  });
}

// A callback hook, not an async one: a cached session admits the request without waiting for a promise.
function sessionCheck(
  authenticator: Authenticator,
  access: 'user' | 'admin',
  config: FastifyContextConfig,
): onRequestHookHandler {
  const options = { includeRotated: config.acceptsRotatedToken };
  return (request, _reply, done) => {
    const token =
      bearerToken(request.headers.authorization) ??
      (config.acceptsSessionCookie ? sessionCookieToken(request.headers.cookie) : undefined);
    if (!token) {
      done(new AppError('unauthorized', 'Não autenticado', { headers: { 'www-authenticate': 'Bearer' } }));
      return;
    }
    const found = authenticator.authenticate(token, options);
    if (found instanceof Promise) found.then((active) => done(admit(request, token, active, access)), done);
    else done(admit(request, token, found, access));
  };
}

/** The request's session set, or why it is refused. */
function admit(
  request: FastifyRequest,
  token: string,
  active: Authenticated,
  access: 'user' | 'admin',
): AppError | undefined {
  if (!active) {
    return new AppError('unauthorized', 'Sessão inválida ou expirada', {
      headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
    });
  }
  if (access === 'admin' && !isAdmin(active.user.scopes)) {
    return new AppError('forbidden', 'Acesso restrito a administradores');
  }
  request.auth = active;
  request.bearerToken = token;
  return undefined;
}

const BEARER = /^Bearer [A-Za-z0-9\-._~+/]+=*$/i;
const BEARER_PREFIX_LENGTH = 'Bearer '.length;

function bearerToken(header: string | undefined): string | undefined {
  return header !== undefined && BEARER.test(header) ? header.slice(BEARER_PREFIX_LENGTH) : undefined;
}

/** The caller's session on a route declared 'user' or 'admin'. */
export function sessionOf(request: FastifyRequest): ActiveSession {
  if (!request.auth) throw new AppError('unauthorized', 'Não autenticado');
  return request.auth;
}
