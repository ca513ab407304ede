import { BRAZIL_TIME_ZONE } from '@escriba/contract';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A name folded in SQL as foldForSearch folds it in JavaScript (accents removed, lower case, runs of
 * spaces made one), with functions PGlite and PostgreSQL both have: users keep no search key, and the
 * administration's list is small enough to fold each name while filtering.
 */
export function foldedInSql(column: SQLWrapper): SQL<string> {
  return sql<string>`lower(regexp_replace(regexp_replace(normalize(${column}, NFD), '[\u0300-\u036f]', '', 'g'), '\\s+', ' ', 'g'))`;
}

/** The instant a day (`YYYY-MM-DD`) plus `days` starts on Brasília time. */
export function startOfDay(day: string, days = 0): SQL {
  return sql`((${day}::date + ${days}::int)::timestamp at time zone ${BRAZIL_TIME_ZONE})`;
}
