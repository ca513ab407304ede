import { isAdmin } from '@escriba/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { Authenticator } from './authenticator';
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

/** Installs the access check: routes without a declared access fail at start-up, not at request time. */
export function registerAccessControl(app: FastifyInstance, authenticator: Authenticator): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('bearerToken', null);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!route.url.startsWith('/api/v1/') && !route.url.startsWith('/v1/')) return;
    if (!access) throw new Error(`Route ${route.method.toString()} ${route.url} declares no access`);
    if (route.url.startsWith(ADMIN_PREFIX) && access !== 'admin') {
      throw new Error(`Admin route ${route.url} must declare access 'admin'`);
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    const { config } = request.routeOptions;
    const access = config.access;
    if (!access || access === 'public') return;
    const token =
      bearerToken(request.headers.authorization) ??
      (config.acceptsSessionCookie ? sessionCookieToken(request.headers.cookie) : undefined);
    if (!token) throw new AppError('unauthorized', 'Não autenticado', { headers: { 'www-authenticate': 'Bearer' } });
    const active = await authenticator.authenticate(token, { includeRotated: config.acceptsRotatedToken });
    if (!active) {
      throw new AppError('unauthorized', 'Sessão inválida ou expirada', {
        headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
      });
    }
    if (access === 'admin' && !isAdmin(active.user.scopes)) {
      throw new AppError('forbidden', 'Acesso restrito a administradores');
    }
    request.auth = active;
    request.bearerToken = token;
  });
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i);
  return match?.[1];
}

/** The caller's session on a route declared 'user' or 'admin'. */
export function sessionOf(request: FastifyRequest): ActiveSession {
  if (!request.auth) throw new AppError('unauthorized', 'Não autenticado');
  return request.auth;
}
