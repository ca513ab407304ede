import type { TPatientList, TPatientListQuery } from '@escriba/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../session';

// Shared by the patients screen, home's patient filter and the new-consultation patient picker.
export function listPatients(query: TPatientListQuery): Promise<TPatientList> {
  return api<TPatientList>('/user/patients/', { query });
}

export const patientsQueryOptions = (query: TPatientListQuery) =>
  queryOptions({
    queryKey: ['patients', 'list', query],
    queryFn: () => listPatients(query),
    placeholderData: keepPreviousData,
  });

export function usePatients(query: TPatientListQuery) {
  return useQuery(patientsQueryOptions(query));
}
