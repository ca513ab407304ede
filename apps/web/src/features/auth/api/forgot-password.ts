import type { TMessageResponse } from '@escriba/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/session';

/** POST /user/forgot-password?email=&cpf= (spec §7); answers 202 whether or not they match an account. */
export function forgotPassword(query: { email: string; cpf: string }): Promise<TMessageResponse> {
  return api<TMessageResponse>('/user/forgot-password', { method: 'POST', query });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
