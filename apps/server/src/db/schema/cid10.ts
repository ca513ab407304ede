import { sql } from 'drizzle-orm';
import { check, customType, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The CID-10 codes of DATASUS (categories and subcategories), loaded from `reference-data/cid10` when the
 * database opens (db/load-cid10.ts), never written otherwise.
 */
export const cid10Codes = pgTable(
  'cid10_codes',
  {
    /** As written in documents: `A00.0`, `I10`. */
    code: text('code').primaryKey(),
    description: text('description').notNull(),
    /** The code folded for search: lower case, without the dot (`a000`, `i10`). */
    searchCode: text('search_code').notNull(),
    /** The description's words and search aliases: lower case, without accents or punctuation. */
    searchText: text('search_text').notNull(),
    searchWords: tsvector('search_words')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, search_text)`),
    /** `F` or `M` when the code applies to one sex only (DATASUS `RESTRSEXO`). */
    sex: text('sex'),
  },
  (table) => [
    // Serves equality and code prefixes (`LIKE 'i1%'`) whatever the database's collation.
    uniqueIndex('cid10_codes_search_code_idx').on(table.searchCode.op('text_pattern_ops')),
    // Written straight into the index: a pending list (fastupdate) would be scanned by every search until vacuumed.
    index('cid10_codes_search_words_idx').using('gin', table.searchWords).with({ fastupdate: false }),
    check('cid10_codes_sex_known', sql`${table.sex} in ('F', 'M')`),
  ],
);

/** Which version of each data set shipped with the server the database holds, by a hash of its files. */
export const referenceDataLoads = pgTable('reference_data_loads', {
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});
