import type { z } from 'zod';

/** The filters a list keeps in the address: the named keys, blank ones left out. */
export function readListFilters<K extends string>(
  params: URLSearchParams,
  keys: readonly K[],
): Partial<Record<K, string>> {
  const filters: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** The address after applying filters: every key of the list replaced (blank ones removed), back to the first page. */
export function writeListFilters<K extends string>(
  params: URLSearchParams,
  keys: readonly K[],
  filters: Partial<Record<K, string>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of keys) {
    const value = filters[key]?.trim();
    if (value) next.set(key, value);
    else next.delete(key);
  }
  next.delete('page');
  return next;
}

/** The page number in the address: 1 unless a whole number above 1. */
export function readPage(params: URLSearchParams): number {
  return Math.max(1, Math.floor(Number(params.get('page'))) || 1);
}

/**
 * The list's query checked with the contract's schema, so a bad address (dates out of order, a
 * malformed CPF) shows the contract's message instead of asking the server.
 */
export function parseListQuery<Output>(
  schema: z.ZodType<Output>,
  raw: Record<string, unknown>,
): { query: Output; error?: undefined } | { query?: undefined; error: string } {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { query: parsed.data };
  return { error: parsed.error.issues.map((issue) => issue.message).join(' ') };
}
