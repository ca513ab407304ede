import type { TIssuedDocument } from '@escriba/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/session';

const issuedPath = (id: string) => `/user/consultations/${id}/issued-documents`;

export const issuedDocumentsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['consultations', id, 'issued-documents'] as const,
    queryFn: () => api<TIssuedDocument[]>(issuedPath(id)),
  });

/** The PDFs issued in the consultation, newest first, each with its public address and code. */
export function useIssuedDocuments(id: string) {
  return useQuery(issuedDocumentsQueryOptions(id));
}

/** POST …/pdf/issued (the note's or a document's): the PDF to print, kept with its address and code. */
export function issuePdf(path: string): Promise<Blob> {
  return api<Blob>(path, { method: 'POST' });
}

/** Reads the list again after an issue or a signature, which adds to it. */
export function useRefreshIssued(id: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: issuedDocumentsQueryOptions(id).queryKey });
}

/** POST …/issued-documents/{public_id}/revoke: its address answers 404 from now on. */
export function useRevokeIssued(id: string) {
  const refresh = useRefreshIssued(id);
  return useMutation({
    mutationFn: (publicId: string) => api<TIssuedDocument>(`${issuedPath(id)}/${publicId}/revoke`, { method: 'POST' }),
    onSettled: refresh,
  });
}
