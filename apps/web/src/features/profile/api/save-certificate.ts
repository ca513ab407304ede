import type { TCertificate } from '@escriba/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { certificateQueryOptions } from '../../../lib/api/get-certificate';
import { api } from '../../../lib/session';

/** PUT /user/me/certificate: the .pfx and its password, which opens it once on the server and is not kept. */
export function saveCertificate({ file, password }: { file: File; password: string }): Promise<TCertificate> {
  const body = new FormData();
  body.append('password', password);
  body.append('file', file, file.name);
  return api<TCertificate>('/user/me/certificate', { method: 'PUT', body });
}

export function useSaveCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCertificate,
    onSuccess: (certificate) => queryClient.setQueryData(certificateQueryOptions().queryKey, certificate),
  });
}
