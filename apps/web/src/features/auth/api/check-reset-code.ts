import type { TMessageResponse } from '@escriba/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/session';

/** GET /user/reset-password?code=: a 422 on `code` says whether the link is unknown, used or expired. */
export function checkResetCode(code: string): Promise<TMessageResponse> {
  return api<TMessageResponse>('/user/reset-password', { query: { code } });
}

export const resetCodeQueryOptions = (code: string) =>
  // The answer changes only when the code is used, and the page then leaves the form: no refetching.
  queryOptions({
    queryKey: ['reset-code', code],
    queryFn: () => checkResetCode(code),
    retry: false,
    staleTime: Infinity,
  });

export function useResetCodeCheck(code: string) {
  return useQuery({ ...resetCodeQueryOptions(code), enabled: code !== '' });
}
