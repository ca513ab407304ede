import type { TLicense, TLicenseBody } from '@escriba/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/session';
import { licensesQueryOptions } from '../../../lib/api/list-licenses';
import { idempotencyKeyHeader } from '../../../lib/idempotency';

export function createLicense(body: TLicenseBody): Promise<TLicense> {
  return api<TLicense>('/user/me/license/', { method: 'POST', body, headers: idempotencyKeyHeader(body) });
}

export function useCreateLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLicense,
    onSuccess: () => queryClient.invalidateQueries(licensesQueryOptions()),
  });
}
