import type { TCreatePatientBody, TPatient } from '@escriba/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patientQueryOptions } from '../../../lib/api/get-patient';
import { idempotencyKeyHeader } from '../../../lib/idempotency';
import { api } from '../../../lib/session';

export function createPatient(body: TCreatePatientBody): Promise<TPatient> {
  return api<TPatient>('/user/patients/', { method: 'POST', body, headers: idempotencyKeyHeader(body) });
}

export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPatient,
    onSuccess: async (patient) => {
      queryClient.setQueryData(patientQueryOptions(patient.id).queryKey, patient);
      await queryClient.invalidateQueries({ queryKey: ['patients', 'list'] });
    },
  });
}
