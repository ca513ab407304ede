import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/session';
import { consultationQueryOptions } from './get-consultation';

export function deleteConsultation(id: string): Promise<void> {
  return api(`/user/consultations/${id}`, { method: 'DELETE' });
}

export function useDeleteConsultation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteConsultation(id),
    onSuccess: async () => {
      queryClient.removeQueries(consultationQueryOptions(id));
      await queryClient.invalidateQueries({ queryKey: ['consultations', 'list'] });
    },
  });
}
