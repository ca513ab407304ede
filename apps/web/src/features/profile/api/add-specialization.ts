import type { TSpecialization } from '@escriba/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idempotencyKeyHeader } from '../../../lib/idempotency';
import { api } from '../../../lib/session';
import { mySpecializationsQueryOptions } from '../../../lib/api/list-my-specializations';

/** POST /user/me/specialization/?specialization=<id> (spec §7). */
export function addSpecialization(id: number): Promise<TSpecialization[]> {
  const query = { specialization: id };
  return api<TSpecialization[]>('/user/me/specialization/', {
    method: 'POST',
    query,
    headers: idempotencyKeyHeader(query),
  });
}

export function useAddSpecialization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSpecialization,
    onSuccess: () => queryClient.invalidateQueries(mySpecializationsQueryOptions()),
  });
}
