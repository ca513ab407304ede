import type { TCreateUserBody, TMessageResponse } from '@escriba/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/session';

/**
 * POST /user/: answers the same 202 whether or not the e-mail or CPF already has an account; the
 * server mails either a verification link or, to the account that holds them, a notice.
 */
export function createUser(body: TCreateUserBody): Promise<TMessageResponse> {
  return api<TMessageResponse>('/user/', { method: 'POST', body });
}

export function useCreateUser() {
  return useMutation({ mutationFn: createUser });
}
