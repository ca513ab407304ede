import type { TCid10Code } from '@escriba/contract';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cid10Codes } from '../../db/schema/index';

/** The code's key in the table: `I10`, `i10`, `O10.0` and `O100` are one code. */
export function cid10Key(code: string): string {
  return code.replace('.', '').toLowerCase();
}

/** The table's codes among `codes` (any written form), by `cid10Key`; codes not in the table are absent. */
export async function findCid10Codes(db: Database, codes: string[]): Promise<Map<string, TCid10Code>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ key: cid10Codes.searchCode, code: cid10Codes.code, description: cid10Codes.description })
    .from(cid10Codes)
    .where(inArray(cid10Codes.searchCode, [...new Set(codes.map(cid10Key))]));
  return new Map(rows.map(({ key, code, description }) => [key, { code, description }]));
}
