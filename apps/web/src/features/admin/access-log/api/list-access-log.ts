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
    // New accesses come in all the time: coming back to the list asks again, showing the rows it had meanwhile.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** Disabled while the filters in the address do not pass the contract (`query` undefined). */
export function useAccessLog(query: TAdminAccessLogQuery | undefined) {
  return useQuery({ ...accessLogQueryOptions(query ?? {}), enabled: query !== undefined });
}
