import type { TCid10Code } from '@escriba/contract';
import type { Database } from '../../db/client';
import { meaningfulWords, searchCid10 } from './search-cid10';

/** How many codes of the table a condition is offered at most. */
export const MAX_CANDIDATES = 12;
// A phrase longer than this is searched by its first words only.
const MAX_WORDS = 6;

/**
 * Codes of the table that may name a condition, for the model to choose among. Each phrase (its name, then the ways
 * the CID-10 may word it) is searched by all its words or, when no description has them all, by its first ones
 * (Portuguese names lead with the condition: "cefaleia do tipo tensional" finds "Cefaléia"). The phrases' best
 * matches come first, taken in turns, each code once, at most MAX_CANDIDATES.
 */
export async function cid10Candidates(db: Database, phrases: readonly string[]): Promise<TCid10Code[]> {
  const lists = await Promise.all(phrases.map((phrase) => searchPhrase(db, phrase)));
  const found = new Map<string, TCid10Code>();
  for (let rank = 0; found.size < MAX_CANDIDATES && lists.some((list) => rank < list.length); rank += 1) {
    for (const code of lists.map((list) => list[rank])) {
      if (code && found.size < MAX_CANDIDATES) found.set(code.code, code);
    }
  }
  return [...found.values()];
}

async function searchPhrase(db: Database, phrase: string): Promise<TCid10Code[]> {
  const words = meaningfulWords(phrase).slice(0, MAX_WORDS);
  for (let count = words.length; count > 0; count -= 1) {
    const codes = await searchCid10(db, words.slice(0, count).join(' '), MAX_CANDIDATES);
    if (codes.length > 0) return codes;
  }
  return [];
}
