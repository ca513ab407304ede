import { useSyncExternalStore } from 'react';
import { sessionStore } from './session-store';

/** The stored session and user, re-rendering when they change. */
export function useSession() {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState);
}
