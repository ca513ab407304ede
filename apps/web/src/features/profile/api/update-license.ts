import type { TLicense, TLicenseBody } from '@escriba/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/session';
import { licensesQueryOptions } from '../../../lib/api/list-licenses';

export function updateLicense({ id, ...body }: TLicenseBody & { id: string }): Promise<TLicense> {
  return api<TLicense>(`/user/me/license/${id}`, { method: 'PUT', body });
}

export function useUpdateLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLicense,
    onSuccess: () => queryClient.invalidateQueries(licensesQueryOptions()),
  });
}
