import type {
  TDocument,
  TDocumentEditBody,
  TDocumentGenerationBody,
  TDocumentKind,
  TDocumentList,
  TDocumentSummary,
} from '@escriba/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { idempotencyKeyHeader } from '../../../lib/idempotency';
import { api } from '../../../lib/session';

const documentsPath = (id: string) => `/user/consultations/${id}/documents`;

/** Every document query of a consultation starts with this key: the list and each opened document. */
export const documentsKey = (id: string) => ['consultations', id, 'documents'] as const;

/** GET /user/consultations/{id}/documents: newest first, without their content. */
export function listDocuments(id: string): Promise<TDocumentList> {
  return api<TDocumentList>(documentsPath(id));
}

export const documentsQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...documentsKey(id), 'list'], queryFn: () => listDocuments(id) });

export function useDocuments(id: string) {
  return useQuery(documentsQueryOptions(id));
}

/** GET /user/consultations/{id}/documents/{documentId}: its content by kind, sources and versions. */
export function getDocument(id: string, documentId: string): Promise<TDocument> {
  return api<TDocument>(`${documentsPath(id)}/${documentId}`);
}

export const documentQueryOptions = (id: string, documentId: string) =>
  queryOptions({
    queryKey: [...documentsKey(id), 'detail', documentId],
    queryFn: () => getDocument(id, documentId),
  });

export function useDocument(id: string, documentId: string) {
  return useQuery(documentQueryOptions(id, documentId));
}

/** POST /user/consultations/{id}/documents/{kind} → 202 with the document being generated. Spends its credits. */
export function generateDocument(
  id: string,
  kind: TDocumentKind,
  body: TDocumentGenerationBody,
): Promise<TDocumentSummary> {
  return api<TDocumentSummary>(`${documentsPath(id)}/${kind}`, {
    method: 'POST',
    body,
    headers: idempotencyKeyHeader(body),
  });
}

/** PUT /user/consultations/{id}/documents/{documentId}: the edited content as a new version; 409 when stale. */
export function saveDocument(id: string, documentId: string, body: TDocumentEditBody): Promise<TDocument> {
  return api<TDocument>(`${documentsPath(id)}/${documentId}`, { method: 'PUT', body });
}

/** DELETE /user/consultations/{id}/documents/{documentId}: the document and its versions. */
export function deleteDocument(id: string, documentId: string): Promise<void> {
  return api(`${documentsPath(id)}/${documentId}`, { method: 'DELETE' });
}

export function useDeleteDocument(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => deleteDocument(id, documentId),
    onSuccess: (_, documentId) => {
      queryClient.setQueryData(documentsQueryOptions(id).queryKey, (list) =>
        list?.filter((document) => document.id !== documentId),
      );
      queryClient.removeQueries(documentQueryOptions(id, documentId));
    },
  });
}
