import type { TCid10Code, TCid10SearchQuery } from '@escriba/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../session';

/** GET /common/cid10: codes by code or words, best first. */
export function searchCid10(query: TCid10SearchQuery): Promise<TCid10Code[]> {
  return api<TCid10Code[]>('/common/cid10', { query });
}

export const cid10SearchQueryOptions = (query: TCid10SearchQuery) =>
  queryOptions({
    queryKey: ['cid10', query],
    queryFn: () => searchCid10(query),
    // The table changes only with a new server version.
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });

/** The search's answer once `q` has text; nothing is asked for an empty one. */
export function useCid10Search(query: TCid10SearchQuery) {
  return useQuery({ ...cid10SearchQueryOptions(query), enabled: query.q.trim() !== '' });
}
