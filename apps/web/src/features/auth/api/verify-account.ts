import type { TVerifyAccountBody, TVerifyAccountResponse } from '@escriba/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/session';

/**
 * POST /token/verify-account. An account signed up more than once, or whose mail was resent, is
 * activated only with a password chosen here: without one the answer is a 422 on `password`.
 */
export function verifyAccount(body: TVerifyAccountBody): Promise<TVerifyAccountResponse> {
  return api<TVerifyAccountResponse>('/token/verify-account', { method: 'POST', body });
}

export function useVerifyAccount() {
  return useMutation({ mutationFn: verifyAccount });
}
