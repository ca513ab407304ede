import type { TLicense } from '@escriba/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../session';

export function listLicenses(): Promise<TLicense[]> {
  return api<TLicense[]>('/user/me/license/');
}

export const licensesQueryOptions = () => queryOptions({ queryKey: ['user', 'licenses'], queryFn: listLicenses });

export function useLicenses() {
  return useQuery(licensesQueryOptions());
}
