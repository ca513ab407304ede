import type { TConsultationList, TConsultationListQuery } from '@escriba/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../session';

// Shared by home and a patient's history. Query values left undefined are not sent.
export function listConsultations(query: TConsultationListQuery): Promise<TConsultationList> {
  return api<TConsultationList>('/user/consultations/', { query });
}

export const consultationsQueryOptions = (query: TConsultationListQuery) =>
  queryOptions({
    queryKey: ['consultations', 'list', query],
    queryFn: () => listConsultations(query),
    // Changing a filter or the page keeps the previous rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useConsultations(query: TConsultationListQuery) {
  return useQuery(consultationsQueryOptions(query));
}
