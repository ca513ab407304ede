import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TClientConfig } from '@escriba/contract';
import { api } from '../session';

export function getClientConfig(): Promise<TClientConfig> {
  return api<TClientConfig>('/common/client-config');
}

export const clientConfigQueryOptions = () =>
  queryOptions({ queryKey: ['client-config'], queryFn: getClientConfig, staleTime: Number.POSITIVE_INFINITY });

export function useClientConfig() {
  return useQuery(clientConfigQueryOptions());
}
