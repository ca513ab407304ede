import { isRouteErrorResponse } from 'react-router';

/** Spec §2/§8: 404 shows 'Page Not Found'; anything else 'Internal Server Error' (status 500 by default). */
export function describeError(error: unknown, path: string) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) return { status, title: 'Page Not Found', message: `Page Not Found: ${path}` };
  return { status, title: 'Internal Server Error', message: 'Internal Server Error' };
}
