import type { TEvidenceDetail, TEvidenceTextBody } from '@escriba/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/session';
import { evidenceQueryOptions } from './evidences';

/**
 * PUT /user/consultations/{id}/evidences/{evidenceId}/text: the text read from a file, corrected as a new
 * version (a PDF a page at a time); the reading is kept.
 */
export function correctEvidenceText(id: string, evidenceId: string, body: TEvidenceTextBody): Promise<TEvidenceDetail> {
  return api<TEvidenceDetail>(`/user/consultations/${id}/evidences/${evidenceId}/text`, { method: 'PUT', body });
}

export function useCorrectEvidenceText(id: string, evidenceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TEvidenceTextBody) => correctEvidenceText(id, evidenceId, body),
    onSuccess: (evidence) => queryClient.setQueryData(evidenceQueryOptions(id, evidenceId).queryKey, evidence),
  });
}
