import { FetchError } from 'ofetch';
import { data } from 'react-router';
import { checkTokenRefresh } from './session';
import { sessionStore } from './session-store';

/**
 * Spec §2: a page whose record the API does not find (a malformed id, another user's or a deleted
 * record all answer 404) shows the 'Page Not Found' view; other failures keep their own error.
 */
export async function loadOrNotFound<T>(load: () => Promise<T>): Promise<T | undefined> {
  // Nested routes load together: wait for the session check the guards run, and leave an
  // unauthenticated visit to them (a redirect to /log-in) rather than asking the API without a token.
  await checkTokenRefresh();
  if (!sessionStore.isAuthenticated()) return undefined;
  try {
    return await load();
  } catch (error) {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's error boundary reads the status from a thrown response
    if (error instanceof FetchError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/** Spec §2: an id that fails validation is a 404 before any request. */
export function assertUuid(id: string | undefined): string {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id ?? '');
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- as above
  if (!isUuid || !id) throw data(null, { status: 404 });
  return id;
}
