import type { TAnalytics, TAnalyticsQuery } from '@escriba/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/session';

export function getAnalytics(query: TAnalyticsQuery): Promise<TAnalytics> {
  return api<TAnalytics>('/admin/analytics', { query });
}

export function useAnalytics(query: TAnalyticsQuery) {
  return useQuery({
    queryKey: ['admin', 'analytics', query],
    queryFn: () => getAnalytics(query),
    // Another range keeps the charts of the last one on screen until the new numbers arrive.
    placeholderData: keepPreviousData,
  });
}
