import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { meQueryOptions } from '../../../../lib/api/get-me';
import { liveConnection } from '../../../../lib/session';
import { documentsKey, documentsQueryOptions } from '../../api/documents';
import { documentLiveEffect, type LiveParts } from './document-live';

/**
 * The parts of this consultation's documents that arrived live while they are written, by document; whichever tab
 * asked for them. Once one is stored (or failed, its credit returned) the documents are read again.
 */
export function useDocumentLive(consultationId: string): Record<string, LiveParts> {
  const queryClient = useQueryClient();
  const [parts, setParts] = useState<Record<string, LiveParts>>({});

  useEffect(() => {
    // A read already on its way may have left before the news: it is dropped and made again (a first read would
    // otherwise be awaited as it is, and could show a document still being written).
    const readAgain = async () => {
      const queryKey = documentsKey(consultationId);
      await queryClient.cancelQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey });
    };
    const listKey = documentsQueryOptions(consultationId).queryKey;
    const isListed = (documentId: string) =>
      queryClient.getQueryData(listKey)?.some((document) => document.id === documentId) ?? false;
    return liveConnection.subscribe((message) => {
      const effect = documentLiveEffect(message, consultationId);
      switch (effect.type) {
        case 'none':
          return;
        case 'refetch':
          void readAgain();
          return;
        case 'part':
          // One asked for in another tab: the list learns of it while it is written, not only once it ends.
          if (!isListed(effect.documentId)) void queryClient.invalidateQueries({ queryKey: listKey });
          setParts((current) => ({
            ...current,
            [effect.documentId]: { ...current[effect.documentId], [effect.key]: effect.value },
          }));
          return;
        case 'settled':
          void readAgain();
          void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
          return;
      }
    });
  }, [consultationId, queryClient]);

  return parts;
}
