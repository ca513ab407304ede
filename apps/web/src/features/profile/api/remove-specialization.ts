import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/session';
import { mySpecializationsQueryOptions } from '../../../lib/api/list-my-specializations';

export function removeSpecialization(id: number): Promise<void> {
  return api(`/user/me/specialization/${id}`, { method: 'DELETE' });
}

export function useRemoveSpecialization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSpecialization,
    onSuccess: () => queryClient.invalidateQueries(mySpecializationsQueryOptions()),
  });
}
