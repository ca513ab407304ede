import { useMutation, useQueryClient } from '@tanstack/react-query';
import { certificateQueryOptions } from '../../../lib/api/get-certificate';
import { api } from '../../../lib/session';

export function deleteCertificate(): Promise<void> {
  return api('/user/me/certificate', { method: 'DELETE' });
}

export function useDeleteCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCertificate,
    onSuccess: () => queryClient.setQueryData(certificateQueryOptions().queryKey, null),
  });
}
