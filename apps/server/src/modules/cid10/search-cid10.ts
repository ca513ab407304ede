import type { TCid10Code } from '@escriba/contract';
import { asc, desc, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cid10Codes } from '../../db/schema/index';
import { foldedWords, foldForSearch } from '../../platform/search-key';

// Words that narrow nothing; left out of a search unless being typed (the last word: "de" may become "dengue").
const STOP_WORDS = new Set(['a', 'o', 'as', 'os', 'e', 'de', 'da', 'do', 'das', 'dos', 'em', 'na', 'no', 'nas', 'nos']);
const CODE_QUERY = /^[a-z](\d{0,2}|\d{2}\.?\d?)$/;

const columns = { code: cid10Codes.code, description: cid10Codes.description };

/**
 * GET /common/cid10: by code first (the exact code, then the codes it begins, in code order), then by words
 * (every word, or the start of one, in the description): whole words before word starts, descriptions that
 * begin with the first word before the others, categories (broader) before subcategories, then in code order.
 */
export async function searchCid10(db: Database, query: string, limit: number): Promise<TCid10Code[]> {
  const byCode = await searchByCode(db, query, limit);
  if (byCode.length === limit) return byCode;
  const found = new Set(byCode.map((item) => item.code));
  const byWords = await searchByWords(db, query, limit);
  return [...byCode, ...byWords.filter((item) => !found.has(item.code))].slice(0, limit);
}

async function searchByCode(db: Database, query: string, limit: number): Promise<TCid10Code[]> {
  const folded = foldForSearch(query);
  if (!CODE_QUERY.test(folded)) return [];
  // The exact code sorts before every code it begins.
  return db
    .select(columns)
    .from(cid10Codes)
    .where(like(cid10Codes.searchCode, `${folded.replace('.', '')}%`))
    .orderBy(asc(cid10Codes.searchCode))
    .limit(limit);
}

/** The words of a text that narrow a search: folded, without the little words ("de", "do"). */
export function meaningfulWords(text: string): string[] {
  return foldedWords(text).filter((word) => !STOP_WORDS.has(word));
}

async function searchByWords(db: Database, query: string, limit: number): Promise<TCid10Code[]> {
  const typed = foldedWords(query);
  const words = typed.filter((word, index) => index === typed.length - 1 || !STOP_WORDS.has(word));
  if (words.length === 0) return [];
  // Folded words are letters and digits only: nothing in them is tsquery syntax.
  const wordStarts = sql`to_tsquery('simple', ${words.map((word) => `${word}:*`).join(' & ')})`;
  const wholeWords = sql`to_tsquery('simple', ${words.join(' & ')})`;
  return db
    .select(columns)
    .from(cid10Codes)
    .where(sql`${cid10Codes.searchWords} @@ ${wordStarts}`)
    .orderBy(
      desc(sql`${cid10Codes.searchWords} @@ ${wholeWords}`),
      desc(like(cid10Codes.searchText, `${words[0]}%`)),
      desc(sql`${cid10Codes.code} not like '%.%'`),
      asc(cid10Codes.searchCode),
    )
    .limit(limit);
}
