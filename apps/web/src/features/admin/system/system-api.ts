import type { TRetryJobsAnswer, TSystemStatus } from '@escriba/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/session';

export const SYSTEM_REFRESH_MS = 30_000;
const systemKey = ['admin', 'system'];

export function useSystemStatus() {
  return useQuery({
    queryKey: systemKey,
    queryFn: () => api<TSystemStatus>('/admin/system'),
    refetchInterval: SYSTEM_REFRESH_MS,
    // Health is read live: an older answer from the cache would show states that may have changed.
    staleTime: 0,
  });
}

export function useRetryFailedJobs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (queue: string) =>
      api<TRetryJobsAnswer>('/admin/system/jobs/retry', { method: 'POST', query: { queue } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKey }),
  });
}
