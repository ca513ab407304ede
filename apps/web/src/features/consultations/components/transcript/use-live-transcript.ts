import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveConnection } from '../../../../lib/session';
import { partialTranscriptQueryOptions } from '../../api/get-partial-transcript';
import { applyLiveMessage, liveTranscriptAction } from './apply-live-message';

/** Keeps the consultation's partial transcript current from the live channel (already paced, spec §9). */
export function useLiveTranscript(consultationId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const { queryKey } = partialTranscriptQueryOptions(consultationId);
    return liveConnection.subscribe((message) => {
      switch (liveTranscriptAction(message, consultationId)) {
        case 'refetch':
          void queryClient.invalidateQueries({ queryKey: ['consultations', consultationId] });
          return;
        case 'apply':
          queryClient.setQueryData(queryKey, (cached) => (cached ? applyLiveMessage(cached, message) : cached));
          return;
        case 'ignore':
          return;
      }
    });
  }, [consultationId, queryClient]);
}
