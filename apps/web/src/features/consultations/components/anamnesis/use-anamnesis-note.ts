import type { TAnamnesisVersion, TLiveMessage } from '@escriba/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LIVE_PACING_MS } from '../../../../lib/pacing-queue';
import { liveConnection } from '../../../../lib/session';
import { meQueryOptions } from '../../../../lib/api/get-me';
import { anamnesisQueryOptions, useAnamnesis } from '../../api/anamnesis';
import { liveAnamnesisEffect, missingFields, startLive, type LiveGeneration } from './note-state';

/** Messages of generations not followed yet: the first fields can arrive before the 202 that names the generation. */
const UNCLAIMED_MAX = 100;

/**
 * The consultation's stored note and the generation the page follows live: fields arrive paced (500 ms,
 * spec §9); `end` (not paced) can overtake them, so the live cards stay until every field has shown or,
 * if some were lost while the channel was down, until they would have.
 */
export function useAnamnesisNote(consultationId: string) {
  const queryClient = useQueryClient();
  const anamnesis = useAnamnesis(consultationId);
  const [live, setLive] = useState<LiveGeneration | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const liveRef = useRef<LiveGeneration | null>(null);
  const unclaimed = useRef<TLiveMessage[]>([]);
  const finished = useRef(new Set<string>());

  const follow = useCallback((next: LiveGeneration | null) => {
    liveRef.current = next;
    setLive(next);
  }, []);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: anamnesisQueryOptions(consultationId).queryKey });
    void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
  }, [consultationId, queryClient]);

  const receive = useCallback(
    (message: TLiveMessage, isReplay = false) => {
      const effect = liveAnamnesisEffect(message, consultationId, liveRef.current);
      switch (effect.type) {
        case 'none':
          return;
        case 'refetch':
          if (!isReplay && typeof message.anamnesis_id === 'string') {
            unclaimed.current = [...unclaimed.current, message].slice(-UNCLAIMED_MAX);
          }
          refresh();
          return;
        case 'field':
          follow(effect.live);
          return;
        case 'end':
          finished.current.add(effect.live.anamnesisId);
          follow(effect.live);
          refresh();
          return;
        case 'failed':
          if (liveRef.current) finished.current.add(liveRef.current.anamnesisId);
          follow(null);
          setFailure(effect.detail);
          refresh();
          return;
      }
    },
    [consultationId, follow, refresh],
  );

  useEffect(() => liveConnection.subscribe((message) => receive(message)), [receive]);

  /** Follows a generation the server accepted (202), with whatever of it already arrived. */
  const start = useCallback(
    (version: TAnamnesisVersion) => {
      setFailure(null);
      follow(startLive(version));
      const early = unclaimed.current.filter((message) => message.anamnesis_id === version.id);
      unclaimed.current = unclaimed.current.filter((message) => message.anamnesis_id !== version.id);
      early.forEach((message) => receive(message, true));
      void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
    },
    [follow, queryClient, receive],
  );

  const latest = anamnesis.data?.latest ?? null;

  // A generation still running when the page opened (a reload, another tab) is followed too.
  useEffect(() => {
    if (!liveRef.current && latest?.status === 'generating' && !finished.current.has(latest.id)) start(latest);
  }, [latest, start]);

  // Once the stored note has the followed generation's outcome, the live cards give way to it: at once,
  // or when the paced fields still on their way (or lost while the channel was down) would have shown.
  useEffect(() => {
    if (!live || latest?.id !== live.anamnesisId || latest.status === 'generating') return;
    finished.current.add(live.anamnesisId);
    const missing = latest.status === 'failed' ? 0 : missingFields(live);
    const timer = setTimeout(
      () => {
        follow(null);
        if (latest.status === 'failed') setFailure(latest.failure ?? 'O assistente não conseguiu terminar a anamnese.');
      },
      missing === 0 ? 0 : missing * LIVE_PACING_MS.anamnesis + 1000,
    );
    return () => clearTimeout(timer);
  }, [follow, latest, live]);

  return { anamnesis, live, failure, dismissFailure: () => setFailure(null), start };
}
