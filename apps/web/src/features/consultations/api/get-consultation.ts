import type { TConsultation } from '@escriba/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/session';

export function getConsultation(id: string): Promise<TConsultation> {
  return api<TConsultation>(`/user/consultations/${id}`);
}

export const consultationQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['consultations', id], queryFn: () => getConsultation(id) });

export function useConsultation(id: string) {
  return useQuery(consultationQueryOptions(id));
}
