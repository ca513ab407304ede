import type { TAdminPscProvider, TPscProviderBody } from '@escriba/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/session';

const providersKey = ['admin', 'psc-providers'];

export function usePscProviderList() {
  return useQuery({ queryKey: providersKey, queryFn: () => api<TAdminPscProvider[]>('/admin/psc-providers') });
}

export function useSavePscProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TPscProviderBody }) =>
      api<TAdminPscProvider>(`/admin/psc-providers/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersKey }),
  });
}

export function useDeletePscProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/admin/psc-providers/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersKey }),
  });
}
