import type { TPatient } from '@escriba/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../session';

// Shared by the patient page and the consultation page's header.
export function getPatient(id: string): Promise<TPatient> {
  return api<TPatient>(`/user/patients/${id}`);
}

export const patientQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['patients', id], queryFn: () => getPatient(id) });

export function usePatient(id: string) {
  return useQuery(patientQueryOptions(id));
}
