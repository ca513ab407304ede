import type { TCpfDisputeResolution, TResolvedCpfDispute } from '@escriba/contract';
import { api } from '../../../../lib/session';
import { useUserChange } from './use-user-change';

/** `claimant_gets` suspends the holder without the CPF and creates the claimant's account; 409 when that cannot be. */
export function resolveCpfDispute(id: string, resolution: TCpfDisputeResolution): Promise<TResolvedCpfDispute> {
  return api<TResolvedCpfDispute>(`/admin/cpf-dispute/${id}/resolve`, { method: 'POST', query: { resolution } });
}

export function useResolveCpfDispute(id: string) {
  return useUserChange((resolution: TCpfDisputeResolution) => resolveCpfDispute(id, resolution));
}
