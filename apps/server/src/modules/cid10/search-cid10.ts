import type { TCid10Code } from '@escriba/contract';
import { asc, desc, like, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cid10Codes } from '../../db/schema/index';
import { foldForSearch } from '../../platform/search-key';
import { readCid10Query, type Cid10Query } from './read-cid10-query';

const CODE_QUERY = /^[a-z](\d{0,2}|\d{2}\.?\d?)$/;
// A longer phrase (a hypothesis as the note words it) is searched by its first condition words: names lead with it.
const MAX_WORDS = 8;

const columns = { code: cid10Codes.code, description: cid10Codes.description };

/**
 * GET /common/cid10 and the model's candidates: by code first (the exact code, then the codes it begins, in code
 * order), then by the words naming the condition, qualifiers ("suspeita de", "grave") left to break ties
 * (`readCid10Query`). Descriptions holding every condition word (whole or its start) come first: whole words before
 * word starts, descriptions that begin with the first word before the others. Only when none holds them all, those
 * holding the most, earlier words (the condition's name) before later ones. Then the qualifiers' words, categories
 * (broader) before subcategories, and code order.
 */
export async function searchCid10(db: Database, query: string, limit: number): Promise<TCid10Code[]> {
  const byCode = await searchByCode(db, query, limit);
  if (byCode.length === limit) return byCode;
  const found = new Set(byCode.map((item) => item.code));
  const byWords = await searchByWords(db, readCid10Query(query), limit);
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

async function searchByWords(db: Database, query: Cid10Query, limit: number): Promise<TCid10Code[]> {
  const words = query.words.slice(0, MAX_WORDS);
  if (words.length === 0) return [];
  const withAll = await db
    .select(columns)
    .from(cid10Codes)
    .where(matches(words.map(wordStart), '&'))
    .orderBy(desc(matches(words, '&')), desc(like(cid10Codes.searchText, `${words[0]}%`)), ...tieBreaks(query.tieWords))
    .limit(limit);
  if (withAll.length > 0 || words.length === 1) return withAll;
  return db
    .select(columns)
    .from(cid10Codes)
    .where(matches(words.map(wordStart), '|'))
    .orderBy(
      desc(sumMatches(words.map(wordStart), () => 1)),
      // Each word weighs more than all the words after it together: the earliest words that match win.
      desc(sumMatches(words.map(wordStart), (index) => 2 ** (words.length - index))),
      desc(sumMatches(words, () => 1)),
      ...tieBreaks(query.tieWords),
    )
    .limit(limit);
}

// Folded words are letters and digits only: nothing in them is tsquery syntax.
const wordStart = (word: string) => `${word}:*`;

function matches(terms: string[], operator: '&' | '|'): SQL<boolean> {
  return sql<boolean>`${cid10Codes.searchWords} @@ to_tsquery('simple', ${terms.join(` ${operator} `)})`;
}

/** The sum of the weights of the terms the description matches. */
function sumMatches(terms: string[], weight: (index: number) => number): SQL<number> {
  const parts = terms.map((term, index) => sql`(${matches([term], '&')})::int * ${sql.raw(String(weight(index)))}`);
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

function tieBreaks(tieWords: string[]): SQL[] {
  return [
    ...(tieWords.length > 0 ? [desc(sumMatches(tieWords, () => 1))] : []),
    desc(sql`${cid10Codes.code} not like '%.%'`),
    asc(cid10Codes.searchCode),
  ];
}
