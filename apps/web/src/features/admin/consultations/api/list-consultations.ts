import type { TAdminConsultationList, TAdminConsultationListQuery } from '@escriba/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/session';

export function listAdminConsultations(query: TAdminConsultationListQuery): Promise<TAdminConsultationList> {
  return api<TAdminConsultationList>('/admin/consultation/', { query });
}

export const adminConsultationsQueryOptions = (query: TAdminConsultationListQuery) =>
  queryOptions({
    queryKey: ['admin', 'consultations', 'list', query],
    queryFn: () => listAdminConsultations(query),
    placeholderData: keepPreviousData,
  });

/** Disabled while the filters in the address do not pass the contract (`query` undefined). */
export function useAdminConsultations(query: TAdminConsultationListQuery | undefined) {
  return useQuery({ ...adminConsultationsQueryOptions(query ?? {}), enabled: query !== undefined });
}
