import type { TTranscriptEvidence } from '@escriba/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/session';

/** GET /user/consultations/{id}/evidences/transcript: the stored transcript with every version. */
export function getTranscriptEvidence(id: string): Promise<TTranscriptEvidence> {
  return api<TTranscriptEvidence>(`/user/consultations/${id}/evidences/transcript`);
}

export const transcriptEvidenceQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['consultations', id, 'transcript-evidence'], queryFn: () => getTranscriptEvidence(id) });

export function useTranscriptEvidence(id: string, isEnabled: boolean) {
  return useQuery({ ...transcriptEvidenceQueryOptions(id), enabled: isEnabled });
}

/** PUT /user/consultations/{id}/evidences/transcript/text: the correction becomes a new version; the original stays. */
export function correctTranscript(id: string, text: string): Promise<TTranscriptEvidence> {
  return api<TTranscriptEvidence>(`/user/consultations/${id}/evidences/transcript/text`, {
    method: 'PUT',
    body: { text },
  });
}

export function useCorrectTranscript(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => correctTranscript(id, text),
    onSuccess: (evidence) => queryClient.setQueryData(transcriptEvidenceQueryOptions(id).queryKey, evidence),
  });
}
