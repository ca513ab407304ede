import { useMutation } from '@tanstack/react-query';
import { api, endSession } from '../../../lib/session';
import { clearAllDrafts } from '../../../lib/user-context-drafts';
import { localStore } from '../../../lib/browser-storage';

/** POST /token/logout ends the session on the server; this browser forgets it, and its drafts, either way. */
export function logOut(): Promise<void> {
  return api('/token/logout', { method: 'POST' });
}

export function useLogOut() {
  return useMutation({
    mutationFn: logOut,
    onSettled: () => {
      clearAllDrafts(localStore());
      endSession();
    },
  });
}
