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

/** Every other route sends an unauthenticated visitor to /log-in, remembering where they were going. */
export async function requireAuthLoader({ request }: LoaderFunctionArgs) {
  await checkTokenRefresh();
  if (!sessionStore.isAuthenticated()) {
    const { pathname, search } = new URL(request.url);
    const target = pathname === '/' ? '' : `?redirect=${encodeURIComponent(pathname + search)}`;
    return redirect(`/log-in${target}`);
  }
  return null;
}

/** Admin pages also require 'admin' in the user's scopes; anyone else is sent home. */
export async function requireAdminLoader(args: LoaderFunctionArgs) {
  const denied = await requireAuthLoader(args);
  if (denied) return denied;
  // Not the contract's isAdmin(): importing it would bring zod onto the first page.
  return sessionStore.getState().user?.scopes.includes('admin' satisfies TScope) ? null : redirect('/');
}

/** Spec §2: an unknown route is a 404. */
export function notFoundLoader(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's error boundary reads the status from a thrown response
  throw data(null, { status: 404 });
}
