import { useMutation } from '@tanstack/react-query';
import { api, endSession } from '../../../lib/session';

/** POST /token/logout ends the session on the server; this browser forgets it either way. */
export function logOut(): Promise<void> {
  return api('/token/logout', { method: 'POST' });
}

export function useLogOut() {
  return useMutation({ mutationFn: logOut, onSettled: endSession });
}
