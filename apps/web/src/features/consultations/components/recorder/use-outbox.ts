import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { chunkOutbox } from './chunk-outbox';
import { summarizeOutbox } from './outbox';

/** What waits in this browser for a consultation; sends what waits on mount and whenever the network returns. */
export function useOutbox(consultationId: string) {
  const entries = useSyncExternalStore(chunkOutbox.subscribe, chunkOutbox.entries);
  useEffect(() => {
    void chunkOutbox.kick();
    const kick = () => void chunkOutbox.kick();
    window.addEventListener('online', kick);
    return () => window.removeEventListener('online', kick);
  }, []);
  return useMemo(() => summarizeOutbox(entries, consultationId), [entries, consultationId]);
}
