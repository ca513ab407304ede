import type { App } from '../src/platform/services';
import { createLoggedInUser } from './factories';

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'DELETE';

/** A logged-in administrator: the caller of every admin route in these tests. */
export function createLoggedInAdmin(app: App, name = 'Dra. Administradora') {
  return createLoggedInUser(app, { scopes: ['user', 'admin'], name });
}

/** Calls an admin route (`path` under /api/v1/admin) with the query given. */
export function adminRequest(
  app: App,
  headers: Headers | undefined,
  method: Method,
  path: string,
  query: Record<string, string> = {},
) {
  const search = new URLSearchParams(query).toString();
  return app.inject({ method, url: `/api/v1/admin${path}${search ? `?${search}` : ''}`, headers });
}
