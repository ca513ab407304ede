import type { TEvidence } from '@escriba/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { useUnloadWarning } from '../../../../components/ui/use-unload-warning';
import { readApiError } from '../../../../lib/api-error';
import { clientConfigQueryOptions, useClientConfig } from '../../../../lib/api/get-client-config';
import { evidencesKey, evidencesQueryOptions, uploadEvidence } from '../../api/evidences';
import { refuseFileSize } from './evidence-labels';
import { createUploadQueue } from './upload-queue';

/** The consultation's uploads in flight; an uploaded file joins the evidence list at once. */
export function useUploadQueue(consultationId: string) {
  const queryClient = useQueryClient();
  // Loaded now; read when files are added, since the server's limit (MAX_UPLOAD_MB) may arrive later than the queue.
  useClientConfig();
  const [queue] = useState(() =>
    createUploadQueue<TEvidence>({
      upload: (file, onProgress, signal) => uploadEvidence(consultationId, file, { onProgress, signal }),
      refuse: (file) =>
        refuseFileSize(file.size, queryClient.getQueryData(clientConfigQueryOptions().queryKey)?.max_upload_bytes),
      // There are no fields to highlight here: the file's own message is the reason.
      describeError: (error) => {
        const { message, fieldErrors } = readApiError(error);
        return fieldErrors.file ?? message;
      },
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
