import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveConnection } from '../../../../lib/session';
import { evidencesKey, evidencesQueryOptions } from '../../api/evidences';
import { applyEvidenceStatus, liveEvidenceAction } from './live-evidence';

/** Keeps the consultation's evidences (list and open detail) current from the live channel. */
export function useLiveEvidences(consultationId: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      liveConnection.subscribe((message) => {
        if (liveEvidenceAction(message, consultationId) === 'ignore') return;
        queryClient.setQueryData(evidencesQueryOptions(consultationId).queryKey, (list) =>
          list ? applyEvidenceStatus(list, message) : list,
        );
        void queryClient.invalidateQueries({ queryKey: evidencesKey(consultationId) });
      }),
    [consultationId, queryClient],
  );
}
