import type { TEvidence } from '@escriba/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { useUnloadWarning } from '../../../../components/ui/use-unload-warning';
import { readApiError } from '../../../../lib/api-error';
import { evidencesKey, evidencesQueryOptions, uploadEvidence } from '../../api/evidences';
import { createUploadQueue } from './upload-queue';

/** The consultation's uploads in flight; an uploaded file joins the evidence list at once. */
export function useUploadQueue(consultationId: string) {
  const queryClient = useQueryClient();
  const [queue] = useState(() =>
    createUploadQueue<TEvidence>({
      upload: (file, onProgress, signal) => uploadEvidence(consultationId, file, { onProgress, signal }),
      describeError: (error) => readApiError(error).message,
      onUploaded: (evidence) => {
        queryClient.setQueryData(evidencesQueryOptions(consultationId).queryKey, (list) =>
          list && !list.some((known) => known.id === evidence.id) ? [...list, evidence] : list,
        );
        void queryClient.invalidateQueries({ queryKey: evidencesKey(consultationId) });
      },
    }),
  );
  const items = useSyncExternalStore(queue.subscribe, queue.getItems);
  useUnloadWarning(items.some((item) => item.state !== 'failed'));
  return { items, add: queue.add, remove: queue.remove };
}
