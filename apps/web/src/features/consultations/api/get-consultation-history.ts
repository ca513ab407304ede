import type { TConsultationHistory } from '@escriba/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/session';

/** GET /user/consultations/{id}/history: the patient's last concluded notes before this consultation. */
export function getConsultationHistory(id: string): Promise<TConsultationHistory> {
  return api<TConsultationHistory>(`/user/consultations/${id}/history`);
}

export const consultationHistoryQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['consultations', id, 'history'], queryFn: () => getConsultationHistory(id) });

export function useConsultationHistory(id: string) {
  return useQuery(consultationHistoryQueryOptions(id));
}
