import type { TVerifyAccountResponse } from '@escriba/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/session';

/**
 * GET /token/verify-account?code=: whether the link is good (or its account already verified) before a password
 * is asked for; a 422 on `code` says it is unknown, used or expired. Nothing is used up.
 */
export function checkVerificationCode(code: string): Promise<TVerifyAccountResponse> {
  return api<TVerifyAccountResponse>('/token/verify-account', { query: { code } });
}

export function useVerificationCodeCheck(code: string) {
  // The answer changes only when the code is used, and the page then shows that answer: no refetching.
  return useQuery({
    queryKey: ['verification-code', code],
    queryFn: () => checkVerificationCode(code),
    retry: false,
    staleTime: Infinity,
    enabled: code !== '',
  });
}
