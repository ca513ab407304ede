import type { TAccessLogPage, TAdminAccessLogQuery } from '@escriba/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/session';

/** GET /admin/access-log: accesses to patients' data, by who accessed (user_id) and by patient (patient_id). */
export function listAccessLog(query: TAdminAccessLogQuery): Promise<TAccessLogPage> {
  return api<TAccessLogPage>('/admin/access-log', { query });
}

export const accessLogQueryOptions = (query: TAdminAccessLogQuery) =>
  queryOptions({
    queryKey: ['admin', 'access-log', query],
    queryFn: () => listAccessLog(query),
    placeholderData: keepPreviousData,
  });

export function useAccessLog(query: TAdminAccessLogQuery) {
  return useQuery(accessLogQueryOptions(query));
}
