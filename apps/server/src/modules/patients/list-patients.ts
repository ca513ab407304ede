import {
  BRAZIL_TIME_ZONE,
  calendarDayIn,
  onlyDigits,
  type TPatientList,
  type TPatientSort,
  type ZPatientListQuery,
} from '@escriba/contract';
import { and, asc, count, desc, eq, isNotNull, isNull, like, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { patients } from '../../db/schema/index';
import { containsPattern } from '../../platform/search-key';
import type { App } from '../../platform/services';
import { toPatientView } from './patient-view';

const ORDER: Record<TPatientSort, SQL[]> = {
  name: [asc(patients.searchKey), asc(patients.id)],
  '-name': [desc(patients.searchKey), desc(patients.id)],
  created_at: [asc(patients.createdAt), asc(patients.id)],
  '-created_at': [desc(patients.createdAt), desc(patients.id)],
};

// A search with at least this many digits also looks for them in the CPF.
const MIN_CPF_DIGITS = 3;

/** One page of the professional's patients, with how many match the filters in all. */
export async function listPatients(
  app: App,
  userId: string,
  query: z.output<typeof ZPatientListQuery>,
): Promise<TPatientList> {
  const conditions: (SQL | undefined)[] = [eq(patients.userId, userId)];
  if (query.archived === 'false') conditions.push(isNull(patients.archivedAt));
  if (query.archived === 'true') conditions.push(isNotNull(patients.archivedAt));
  if (query.q) {
    const digits = onlyDigits(query.q);
    conditions.push(
      or(
        like(patients.searchKey, containsPattern(query.q)),
        digits.length >= MIN_CPF_DIGITS ? like(patients.cpf, `%${digits}%`) : undefined,
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    app.db
      .select()
      .from(patients)
      .where(where)
      .orderBy(...ORDER[query.sort])
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    app.db.select({ total: count() }).from(patients).where(where),
  ]);
  const today = calendarDayIn(BRAZIL_TIME_ZONE);
  return {
    items: rows.map((row) => toPatientView(row, today)),
    total: counted!.total,
    page: query.page,
    page_size: query.page_size,
  };
}
