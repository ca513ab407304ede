import type { TTranscriptEvidence, TTranscriptSegmentBody } from '@escriba/contract';
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

/**
 * PUT /user/consultations/{id}/evidences/transcript/segments/{seq}: one segment's text or speaker corrected as a
 * new version, its times kept.
 */
export function correctTranscriptSegment(
  id: string,
  seq: number,
  body: TTranscriptSegmentBody,
): Promise<TTranscriptEvidence> {
  return api<TTranscriptEvidence>(`/user/consultations/${id}/evidences/transcript/segments/${seq}`, {
    method: 'PUT',
    body,
  });
}

export function useCorrectTranscriptSegment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ seq, ...body }: TTranscriptSegmentBody & { seq: number }) => correctTranscriptSegment(id, seq, body),
    onSuccess: async (evidence) => {
      queryClient.setQueryData(transcriptEvidenceQueryOptions(id).queryKey, evidence);
      await queryClient.invalidateQueries({ queryKey: partialTranscriptQueryOptions(id).queryKey });
    },
  });
}
