import type { TScope } from '@escriba/contract';
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { checkTokenRefresh } from '../lib/session';
import { sessionStore } from '../lib/session-store';

// Spec §2 access rules. Each guard first waits for the token refresh check (spec §4), which the
// root loader starts at the beginning of every page; concurrent callers share one check.

export async function checkSessionLoader() {
  await checkTokenRefresh();
  return null;
}

/** The five public routes send an authenticated visitor to /. */
export async function guestOnlyLoader() {
  await checkTokenRefresh();
  return sessionStore.isAuthenticated() ? redirect('/') : null;
}

// Not the contract's isAdmin(): importing it would bring zod onto the first page.
const isAdmin = () => sessionStore.getState().user?.scopes.includes('admin' satisfies TScope) ?? false;

/**
 * Every other route sends an unauthenticated visitor to /log-in, remembering where they were going.
 * An administrator's first page after logging in is the admin area, unless the log-in was on the way elsewhere.
 */
export async function requireAuthLoader({ request }: LoaderFunctionArgs) {
  await checkTokenRefresh();
  const { pathname, search } = new URL(request.url);
  if (!sessionStore.isAuthenticated()) {
    const target = pathname === '/' ? '' : `?redirect=${encodeURIComponent(pathname + search)}`;
    return redirect(`/log-in${target}`);
  }
  if (sessionStore.takeFreshLogIn() && pathname === '/' && isAdmin()) return redirect('/admin');
  return null;
}

/** The embedded panel's pages load their data only with a session; without one the panel offers its log-in. */
export function whenSignedIn<Args extends LoaderFunctionArgs>(loader: (args: Args) => Promise<unknown>) {
  return async (args: Args) => {
    await checkTokenRefresh();
    return sessionStore.isAuthenticated() ? loader(args) : null;
  };
}

/** Admin pages also require 'admin' in the user's scopes; anyone else is sent home. */
export async function requireAdminLoader(args: LoaderFunctionArgs) {
  const denied = await requireAuthLoader(args);
  if (denied) return denied;
  return isAdmin() ? null : redirect('/');
}

/** Spec §2: an unknown route is a 404. */
export function notFoundLoader(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's error boundary reads the status from a thrown response
  throw data(null, { status: 404 });
}
