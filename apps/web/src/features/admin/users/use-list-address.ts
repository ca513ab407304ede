import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { parseListQuery, readListFilters, readPage, writeListFilters } from './list-filters';

/**
 * A list whose filters and page live in the address: read, checked with the contract's schema (`parsed.query` is
 * undefined while they do not pass), and written back.
 */
export function useListAddress<K extends string, Query>(
  keys: readonly K[],
  schema: z.ZodType<Query>,
  pageSize: number,
) {
  const [params, setParams] = useSearchParams();
  const filters = readListFilters(params, keys);
  const page = readPage(params);
  const parsed = parseListQuery(schema, { ...filters, page, page_size: pageSize });

  const update = (change: (next: URLSearchParams) => void, replace = false) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        change(next);
        return next;
      },
      { replace },
    );
  return {
    params,
    filters,
    page,
    parsed,
    /** Changes other keys of the address (an open record), as one history entry unless `replace`. */
    update,
    applyFilters: (applied: Partial<Record<K, string>>) =>
      setParams((previous) => writeListFilters(previous, keys, applied)),
    goToPage: (next: number, replace = false) => update((address) => address.set('page', String(next)), replace),
  };
}
