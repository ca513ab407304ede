import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveConnection } from '../../../../lib/session';
import { partialTranscriptQueryOptions } from '../../api/get-partial-transcript';
import { applyLiveMessage } from './apply-live-message';

/**
 * Keeps the consultation's partial transcript current from the live channel (already paced, spec §9).
 * `end` refetches: it is not paced, so it can overtake the last `transcript` messages.
 */
export function useLiveTranscript(consultationId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const { queryKey } = partialTranscriptQueryOptions(consultationId);
    return liveConnection.subscribe((message) => {
      if (message.consultation_id !== consultationId) return;
      if (message.type === 'end') {
        void queryClient.invalidateQueries({ queryKey: ['consultations', consultationId] });
        return;
      }
      queryClient.setQueryData(queryKey, (cached) => (cached ? applyLiveMessage(cached, message) : cached));
    });
  }, [consultationId, queryClient]);
}
