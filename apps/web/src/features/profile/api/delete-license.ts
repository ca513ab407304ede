import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/session';
import { licensesQueryOptions } from '../../../lib/api/list-licenses';

export function deleteLicense(id: string): Promise<void> {
  return api(`/user/me/license/${id}`, { method: 'DELETE' });
}

export function useDeleteLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLicense,
    // Removing the primary license makes another one primary on the server: read the list again.
    onSuccess: () => queryClient.invalidateQueries(licensesQueryOptions()),
  });
}
