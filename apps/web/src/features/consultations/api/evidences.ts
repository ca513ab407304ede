import type { TEvidence, TEvidenceDetail } from '@escriba/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FetchError } from 'ofetch';
import { idempotencyKeyHeader } from '../../../lib/idempotency';
import { api, endSession } from '../../../lib/session';
import { sessionStore } from '../../../lib/session-store';

const evidencesPath = (id: string) => `/user/consultations/${id}/evidences`;

/** Every evidence query of a consultation starts with this key: the list and each opened detail. */
export const evidencesKey = (id: string) => ['consultations', id, 'evidences'] as const;

/** GET /user/consultations/{id}/evidences/: the consultation's evidences, the transcript among them. */
export function getEvidences(id: string): Promise<TEvidence[]> {
  return api<TEvidence[]>(`${evidencesPath(id)}/`);
}

export const evidencesQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...evidencesKey(id), 'list'], queryFn: () => getEvidences(id) });

export function useEvidences(id: string) {
  return useQuery(evidencesQueryOptions(id));
}

/** GET /user/consultations/{id}/evidences/{evidenceId}: the evidence with its text and signed file links. */
export function getEvidence(id: string, evidenceId: string): Promise<TEvidenceDetail> {
  return api<TEvidenceDetail>(`${evidencesPath(id)}/${evidenceId}`);
}

export const evidenceQueryOptions = (id: string, evidenceId: string) =>
  queryOptions({
    queryKey: [...evidencesKey(id), 'detail', evidenceId],
    queryFn: () => getEvidence(id, evidenceId),
  });

export function useEvidence(id: string, evidenceId: string) {
  return useQuery(evidenceQueryOptions(id, evidenceId));
}

/** DELETE /user/consultations/{id}/evidences/{evidenceId}: the evidence and its stored files. */
export function deleteEvidence(id: string, evidenceId: string): Promise<void> {
  return api(`${evidencesPath(id)}/${evidenceId}`, { method: 'DELETE' });
}

export function useDeleteEvidence(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (evidenceId: string) => deleteEvidence(id, evidenceId),
    onSuccess: (_, evidenceId) => {
      queryClient.setQueryData(evidencesQueryOptions(id).queryKey, (list) =>
        list?.filter((evidence) => evidence.id !== evidenceId),
      );
      queryClient.removeQueries(evidenceQueryOptions(id, evidenceId));
    },
  });
}

const aborted = () => new DOMException('Envio cancelado', 'AbortError');

export interface UploadOptions {
  /** Percent of the body sent so far (not clamped here). */
  onProgress: (percent: number) => void;
  signal: AbortSignal;
}

/**
 * POST /user/consultations/{id}/evidences/add-evidence, multipart field `file` → 201 with the evidence.
 * XMLHttpRequest rather than the API client, as fetch reports no upload progress. Failures reject with
 * a FetchError carrying the status and body, as the API client's do, so `readApiError` reads them; an
 * abort rejects with an AbortError.
 */
export function uploadEvidence(id: string, file: File, { onProgress, signal }: UploadOptions): Promise<TEvidence> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    const settle = () => signal.removeEventListener('abort', abort);
    request.open('POST', `/api/v1${evidencesPath(id)}/add-evidence`);
    request.responseType = 'json';
    const token = sessionStore.getState().session?.sessionToken;
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    // One key per file: the queue's retry of the same file is the same upload.
    for (const [name, value] of Object.entries(idempotencyKeyHeader(file))) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress((event.loaded / event.total) * 100);
    request.onload = () => {
      settle();
      if (request.status === 201) return resolve(request.response as TEvidence);
      if (request.status === 401 && token) endSession();
      reject(
        Object.assign(new FetchError(`Upload failed: ${request.status}`), {
          status: request.status,
          data: request.response as unknown,
        }),
      );
    };
    request.onerror = () => {
      settle();
      reject(new FetchError('Upload failed: no response'));
    };
    request.onabort = () => {
      settle();
      reject(aborted());
    };
    if (signal.aborted) return reject(aborted());
    signal.addEventListener('abort', abort);
    const body = new FormData();
    body.append('file', file, file.name);
    request.send(body);
  });
}
