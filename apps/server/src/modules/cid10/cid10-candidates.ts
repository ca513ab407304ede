import type { TCid10Code } from '@escriba/contract';
import type { Database } from '../../db/client';
import { searchCid10 } from './search-cid10';

/** How many codes of the table a condition is offered at most. */
export const MAX_CANDIDATES = 12;

/**
 * Codes of the table that may name a condition, for the model to choose among. Each phrase (its name, then each
 * way the CID-10 may word it) is searched on its own, as the search endpoint does (`searchCid10`: the condition's
 * words weigh, qualifiers only break ties), so no phrase's words dilute another's. The phrases' best matches come
 * first, taken in turns, each code once, at most MAX_CANDIDATES.
 */
export async function cid10Candidates(db: Database, phrases: readonly string[]): Promise<TCid10Code[]> {
  const lists = await Promise.all(phrases.map((phrase) => searchCid10(db, phrase, MAX_CANDIDATES)));
  const found = new Map<string, TCid10Code>();
  for (let rank = 0; found.size < MAX_CANDIDATES && lists.some((list) => rank < list.length); rank += 1) {
    for (const code of lists.map((list) => list[rank])) {
      if (code && found.size < MAX_CANDIDATES) found.set(code.code, code);
    }
  }
  return [...found.values()];
}
