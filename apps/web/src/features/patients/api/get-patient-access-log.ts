import type { TAccessLogPage, TAccessLogQuery } from '@escriba/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/session';

/** GET /user/patients/{id}/access-log: who saw or changed the patient's data, newest first. */
export function getPatientAccessLog(patientId: string, query: TAccessLogQuery): Promise<TAccessLogPage> {
  return api<TAccessLogPage>(`/user/patients/${patientId}/access-log`, { query });
}

export const patientAccessLogQueryOptions = (patientId: string, query: TAccessLogQuery) =>
  queryOptions({
    queryKey: ['patients', patientId, 'access-log', query],
    queryFn: () => getPatientAccessLog(patientId, query),
    // Moving between pages keeps the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export function usePatientAccessLog(patientId: string, query: TAccessLogQuery) {
  return useQuery(patientAccessLogQueryOptions(patientId, query));
}
