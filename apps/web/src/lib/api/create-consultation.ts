import type { TConsultation, TCreateConsultationBody } from '@escriba/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idempotencyKeyHeader } from '../idempotency';
import { api } from '../session';

// Shared by home's "Nova consulta" and a patient's page.
export function createConsultation(body: TCreateConsultationBody): Promise<TConsultation> {
  return api<TConsultation>('/user/consultations/', { method: 'POST', body, headers: idempotencyKeyHeader(body) });
}

export function useCreateConsultation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConsultation,
    onSuccess: async (consultation) => {
      // The consultation page opens next: hand it the answer instead of asking again.
      queryClient.setQueryData(['consultations', consultation.id], consultation);
      await queryClient.invalidateQueries({ queryKey: ['consultations', 'list'] });
      // A patient created in the same step now appears in the patient lists.
      await queryClient.invalidateQueries({ queryKey: ['patients'] });
    },
  });
}
