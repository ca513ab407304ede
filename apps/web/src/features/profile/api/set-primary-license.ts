import type { TLicense } from '@escriba/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/session';
import { licensesQueryOptions } from '../../../lib/api/list-licenses';

export function setPrimaryLicense(id: string): Promise<TLicense> {
  return api<TLicense>(`/user/me/license/${id}/primary`, { method: 'PATCH' });
}

export function useSetPrimaryLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPrimaryLicense,
    onSuccess: () => queryClient.invalidateQueries(licensesQueryOptions()),
  });
}
