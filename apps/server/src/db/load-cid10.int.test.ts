import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from './client';
import { loadCid10 } from './load-cid10';
import { cid10Codes, referenceDataLoads } from './schema/index';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const description = async (code: string) =>
  (await database.db.select().from(cid10Codes).where(eq(cid10Codes.code, code)))[0]?.description;

describe('the CID-10 tables loaded with the database', () => {
  it('hold every subcategory and every category, written as in documents, with their search forms', async () => {
    const [total] = await database.db.select({ total: count() }).from(cid10Codes);
    // 12,451 subcategory rows (categories without subcategories among them) and the 1,782 other categories.
    expect(total!.total).toBe(14_233);
    const rows = await database.db
      .select({
        code: cid10Codes.code,
        description: cid10Codes.description,
        searchCode: cid10Codes.searchCode,
        searchText: cid10Codes.searchText,
        sex: cid10Codes.sex,
      })
      .from(cid10Codes)
      .where(eq(cid10Codes.searchCode, 'd828'));
    expect(rows).toEqual([
      {
        code: 'D82.8',
        description: 'Imunodeficiências associadas com outros defeitos "major" especificados',
        searchCode: 'd828',
        searchText: 'imunodeficiencias associadas com outros defeitos major especificados',
        sex: null,
      },
    ]);
    expect(await description('A00')).toBe('Cólera');
    const [pregnancy] = await database.db.select().from(cid10Codes).where(eq(cid10Codes.code, 'O10'));
    expect(pregnancy).toMatchObject({ sex: 'F', searchCode: 'o10' });
    const [diabetes] = await database.db.select().from(cid10Codes).where(eq(cid10Codes.code, 'E11.9'));
    expect(diabetes!.searchText).toBe('diabetes mellitus nao insulino dependente sem complicacoes diabetes tipo 2 dm2');
  });

  it('are loaded again only when the shipped files differ from what the database holds', async () => {
    const { db } = database;
    await db.update(cid10Codes).set({ description: 'Mudada' }).where(eq(cid10Codes.code, 'I10'));
    await loadCid10(db);
    expect(await description('I10')).toBe('Mudada');

    await db
      .update(referenceDataLoads)
      .set({ fingerprint: 'an older version' })
      .where(eq(referenceDataLoads.name, 'cid10'));
    await loadCid10(db);
    expect(await description('I10')).toBe('Hipertensão essencial (primária)');
    const [load] = await db.select().from(referenceDataLoads);
    expect(load!.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });
});
