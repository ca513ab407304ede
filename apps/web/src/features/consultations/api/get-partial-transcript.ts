import type { TPartialTranscript } from '@escriba/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/session';

/** GET /user/consultations/{id}/partial-transcript: segments so far, pending chunks, provider status and next_seq. */
export function getPartialTranscript(id: string): Promise<TPartialTranscript> {
  return api<TPartialTranscript>(`/user/consultations/${id}/partial-transcript`);
}

export const partialTranscriptQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['consultations', id, 'partial-transcript'], queryFn: () => getPartialTranscript(id) });

export function usePartialTranscript(id: string) {
  return useQuery(partialTranscriptQueryOptions(id));
}
