import type { TVerifyAccountBody, TVerifyAccountResponse } from '@escriba/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/session';

/**
 * POST /token/verify-account. The account is activated with the sign-up password typed again
 * (`password`) or a new one (`new_password`): with the code alone a good link answers a 422 on `password`.
 */
export function verifyAccount(body: TVerifyAccountBody): Promise<TVerifyAccountResponse> {
  return api<TVerifyAccountResponse>('/token/verify-account', { method: 'POST', body });
}

export function useVerifyAccount() {
  return useMutation({ mutationFn: verifyAccount });
}
