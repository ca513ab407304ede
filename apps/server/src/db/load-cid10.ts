import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { parseDelimited } from '../platform/csv';
import { foldedWords } from '../platform/search-key';
import { cid10Codes, referenceDataLoads } from './schema/index';

export const CID10_FOLDER = path.resolve(import.meta.dirname, '../../reference-data/cid10');
const FILES = ['cid-10-categorias.csv', 'cid-10-subcategorias.csv', 'search-aliases.csv'] as const;
const LOAD_NAME = 'cid10';
// Part of the fingerprint: a change to how rows are made from the files loads them again.
const ROW_FORMAT = 1;
const ROWS_PER_INSERT = 1_000;

type NewCid10Code = typeof cid10Codes.$inferInsert;

let shippedFingerprint: Promise<string> | undefined;

/**
 * Loads the CID-10 tables shipped in `reference-data/cid10` when the database does not hold this version of
 * them yet (new codes inserted, changed ones updated; a code is never removed, since notes may use it). Run
 * where migrations run, so it is done once per database and start-up only compares a fingerprint.
 */
export async function loadCid10<TSchema extends Record<string, unknown>>(
  db: PgDatabase<PgQueryResultHKT, TSchema>,
): Promise<void> {
  shippedFingerprint ??= fingerprintFiles();
  const fingerprint = await shippedFingerprint;
  const [loaded] = await db
    .select({ fingerprint: referenceDataLoads.fingerprint })
    .from(referenceDataLoads)
    .where(eq(referenceDataLoads.name, LOAD_NAME));
  if (loaded?.fingerprint === fingerprint) return;
  const rows = await readCid10Rows();
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      await tx
        .insert(cid10Codes)
        .values(rows.slice(start, start + ROWS_PER_INSERT))
        .onConflictDoUpdate({
          target: cid10Codes.code,
          set: {
            description: sql`excluded.description`,
            searchCode: sql`excluded.search_code`,
            searchText: sql`excluded.search_text`,
            sex: sql`excluded.sex`,
          },
        });
    }
    await tx
      .insert(referenceDataLoads)
      .values({ name: LOAD_NAME, fingerprint })
      .onConflictDoUpdate({ target: referenceDataLoads.name, set: { fingerprint, loadedAt: new Date() } });
    // The planner's statistics now, rather than at the next autovacuum (PGlite has none): searches use the indexes.
    await tx.execute(sql`analyze ${cid10Codes}`);
  });
}

async function fingerprintFiles(): Promise<string> {
  const hash = createHash('sha256').update(`format ${ROW_FORMAT}\n`);
  for (const file of FILES) hash.update(await readFile(path.join(CID10_FOLDER, file)));
  return hash.digest('hex');
}

/** Every category and subcategory, as written in documents, with its folded search forms. */
export async function readCid10Rows(): Promise<NewCid10Code[]> {
  const [categories, subcategories, aliases] = await Promise.all(
    FILES.map(async (file) => parseDelimited(await readFile(path.join(CID10_FOLDER, file), 'utf8'))),
  );
  const codes = new Map<string, { description: string; sex: string | null }>();
  const sexesByCategory = new Map<string, Set<string>>();
  for (const row of subcategories!) {
    const category = `${row.LETRA}${row.CATEGORIA!.padStart(2, '0')}`;
    const code = row.SUBCATEGORIA ? `${category}.${row.SUBCATEGORIA}` : category;
    const sex = row.RESTRSEXO || null;
    codes.set(code, { description: row.DESCRICAO!, sex });
    sexesByCategory.set(category, (sexesByCategory.get(category) ?? new Set()).add(sex ?? ''));
  }
  for (const row of categories!) {
    const code = `${row.LETRA}${row['NÚMERO']!.padStart(2, '0')}`;
    if (codes.has(code)) continue;
    // A category applies to one sex when all its subcategories do.
    const sexes = [...(sexesByCategory.get(code) ?? [])];
    codes.set(code, { description: row.DESCRICAO!, sex: sexes.length === 1 && sexes[0] ? sexes[0] : null });
  }
  return [...codes].map(([code, { description, sex }]) => {
    const terms = aliases!.filter((alias) => code === alias.CODIGO || code.startsWith(`${alias.CODIGO}.`));
    return {
      code,
      description,
      searchCode: code.replace('.', '').toLowerCase(),
      searchText: foldedWords(description, ...terms.map((alias) => alias.TERMOS)).join(' '),
      sex,
    };
  });
}
