import type { TOpenCpfDisputeBody, TOpenCpfDisputeResponse } from '@escriba/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/session';

/** POST /user/cpf-dispute: as verification, the code alone answers a 422 on `password` when the link is good. */
export function openCpfDispute(body: TOpenCpfDisputeBody): Promise<TOpenCpfDisputeResponse> {
  return api<TOpenCpfDisputeResponse>('/user/cpf-dispute', { method: 'POST', body });
}

export function useOpenCpfDispute() {
  return useMutation({ mutationFn: openCpfDispute });
}
