import type { TConsultation, TUpdateConsultationBody } from '@escriba/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/session';
import { consultationQueryOptions } from './get-consultation';

/** Spec §3: the body is exactly one field with its new value (title, chief_complaint or status). */
export function updateConsultation(id: string, body: TUpdateConsultationBody): Promise<TConsultation> {
  return api<TConsultation>(`/user/consultations/${id}`, { method: 'PATCH', body });
}

/** The changed consultation in the cache at once, and the lists that show it read again. */
export async function storeUpdatedConsultation(queryClient: QueryClient, consultation: TConsultation): Promise<void> {
  // Only the fields this page shows from the answer: the user context has its own editor and draft.
  queryClient.setQueryData(consultationQueryOptions(consultation.id).queryKey, (cached) =>
    cached ? { ...consultation, user_context: cached.user_context } : consultation,
  );
  await queryClient.invalidateQueries({ queryKey: ['consultations', 'list'] });
}

export function useUpdateConsultation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateConsultationBody) => updateConsultation(id, body),
    onSuccess: (consultation) => storeUpdatedConsultation(queryClient, consultation),
  });
}
