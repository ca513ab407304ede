import type { TMessageResponse } from '@escriba/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/session';

export function verifyAccount(code: string): Promise<TMessageResponse> {
  return api<TMessageResponse>('/token/verify-account', { method: 'POST', body: { code } });
}

export function useVerifyAccount() {
  return useMutation({ mutationFn: verifyAccount });
}
