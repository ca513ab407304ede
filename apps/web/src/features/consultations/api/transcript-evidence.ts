import type { TTranscriptEvidence } from '@escriba/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/session';
import { partialTranscriptQueryOptions } from './get-partial-transcript';

/** GET /user/consultations/{id}/evidences/transcript: the stored transcript with every version. */
export function getTranscriptEvidence(id: string): Promise<TTranscriptEvidence> {
  return api<TTranscriptEvidence>(`/user/consultations/${id}/evidences/transcript`);
}

export const transcriptEvidenceQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['consultations', id, 'transcript-evidence'], queryFn: () => getTranscriptEvidence(id) });

export function useTranscriptEvidence(id: string, isEnabled: boolean) {
  return useQuery({ ...transcriptEvidenceQueryOptions(id), enabled: isEnabled });
}

/** PUT /user/consultations/{id}/evidences/transcript/segments/{seq}: one line corrected as a new version, its times kept. */
export function correctTranscriptLine(id: string, seq: number, text: string): Promise<TTranscriptEvidence> {
  return api<TTranscriptEvidence>(`/user/consultations/${id}/evidences/transcript/segments/${seq}`, {
    method: 'PUT',
    body: { text },
  });
}

export function useCorrectTranscriptLine(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ seq, text }: { seq: number; text: string }) => correctTranscriptLine(id, seq, text),
    onSuccess: async (evidence) => {
      queryClient.setQueryData(transcriptEvidenceQueryOptions(id).queryKey, evidence);
      await queryClient.invalidateQueries({ queryKey: partialTranscriptQueryOptions(id).queryKey });
    },
  });
}
