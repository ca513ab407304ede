import type { TLoginBody, TTokenResponse } from '@escriba/contract';
import { useMutation } from '@tanstack/react-query';
import { api, openLiveConnection } from '../../../lib/session';
import { sessionStore } from '../../../lib/session-store';

/** POST /token, form-encoded as the spec's login payload. */
export function logIn({ username, password }: Pick<TLoginBody, 'username' | 'password'>): Promise<TTokenResponse> {
  return api<TTokenResponse>('/token', { method: 'POST', body: new URLSearchParams({ username, password }) });
}

export function useLogIn() {
  return useMutation({
    mutationFn: logIn,
    onSuccess: (response) => {
      sessionStore.start(response);
      openLiveConnection();
    },
  });
}
