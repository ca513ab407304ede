import type { TMessageResponse } from '@escriba/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/session';

/** POST /user/reset-password?new_password=&code= (spec §7); ends every session of the account. */
export function resetPassword(query: { new_password: string; code: string }): Promise<TMessageResponse> {
  return api<TMessageResponse>('/user/reset-password', { method: 'POST', query });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
