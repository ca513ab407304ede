import type { TPatient, TUpdatePatientBody } from '@escriba/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patientQueryOptions } from '../../../lib/api/get-patient';
import { api } from '../../../lib/session';

/** PATCH /user/patients/{id}: any subset of the fields; `{archived: true}` archives. */
export function updatePatient(id: string, body: TUpdatePatientBody): Promise<TPatient> {
  return api<TPatient>(`/user/patients/${id}`, { method: 'PATCH', body });
}

export function useUpdatePatient(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdatePatientBody) => updatePatient(id, body),
    onSuccess: async (patient) => {
      queryClient.setQueryData(patientQueryOptions(id).queryKey, patient);
      await queryClient.invalidateQueries({ queryKey: ['patients', 'list'] });
      // Consultations show the patient's name, age and archived mark.
      await queryClient.invalidateQueries({ queryKey: ['consultations'] });
    },
  });
}
