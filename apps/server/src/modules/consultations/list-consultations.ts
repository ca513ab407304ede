import { BRAZIL_TIME_ZONE, type TConsultationList, type ZConsultationListQuery } from '@escriba/contract';
import { and, desc, eq, gte, inArray, like, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { consultations } from '../../db/schema/index';
import { containsPattern } from '../../platform/search-key';
import type { App } from '../../platform/services';
import { assertOwnPatient, patientsNamed, patientSummaryJoin } from '../patients/patient-lookups';
import { toPatientSummary } from '../patients/patient-view';
import { toConsultationListItem } from './consultation-view';

type ListQuery = z.output<typeof ZConsultationListQuery>;
const FILTERS = ['patient_id', 'status', 'from', 'to', 'q'] as const;
type Filter = (typeof FILTERS)[number];

/** The instant the day given to a placeholder (`YYYY-MM-DD`), plus `days`, starts on Brasília time. */
function startOfDay(day: Placeholder, days: number): SQL {
  return sql`((${day}::date + ${days}::int)::timestamp at time zone ${BRAZIL_TIME_ZONE})`;
}

/**
 * The page query for one set of filters, with placeholders for every value: building a drizzle
 * query costs more CPU than running it, so each set is built once per database. The total comes
 * in the same statement, as an uncorrelated subquery evaluated once.
 */
function preparePage(db: Database, filters: readonly Filter[]) {
  const userId = sql.placeholder('userId');
  const conditions: SQL[] = [eq(consultations.userId, userId)];
  for (const filter of filters) {
    switch (filter) {
      case 'patient_id':
        conditions.push(eq(consultations.patientId, sql.placeholder('patientId')));
        break;
      case 'status':
        conditions.push(eq(consultations.status, sql.placeholder('status')));
        break;
      case 'from':
        conditions.push(gte(consultations.createdAt, startOfDay(sql.placeholder('from'), 0)));
        break;
      case 'to':
        conditions.push(lt(consultations.createdAt, startOfDay(sql.placeholder('to'), 1)));
        break;
      case 'q': {
        const pattern = sql.placeholder('pattern');
        const matches = [
          like(consultations.searchKey, pattern),
          inArray(consultations.patientId, patientsNamed(db, userId, pattern)),
        ];
        conditions.push(or(...matches)!);
        break;
      }
    }
  }
  const where = and(...conditions);
  return (
    db
      .select({
        id: consultations.id,
        status: consultations.status,
        title: consultations.title,
        chiefComplaint: consultations.chiefComplaint,
        createdAt: consultations.createdAt,
        updatedAt: consultations.updatedAt,
        patient: patientSummaryJoin.columns,
        total: sql<number>`(select count(*) from ${consultations} where ${where})`.mapWith(Number),
      })
      .from(consultations)
      .innerJoin(patientSummaryJoin.table, patientSummaryJoin.on(consultations.userId, consultations.patientId))
      .where(where)
      .orderBy(desc(consultations.createdAt), desc(consultations.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      // Unnamed (''): PostgreSQL plans each page with its real user and limit. A named statement
      // may settle on a generic plan that sorts all of a professional's consultations.
      .prepare('')
  );
}

type PageStatement = ReturnType<typeof preparePage>;
const preparedPages = perDatabase(() => new Map<string, PageStatement>());

function pageStatement(db: Database, filters: readonly Filter[]): PageStatement {
  const statements = preparedPages(db);
  const key = filters.join(',');
  const statement = statements.get(key) ?? preparePage(db, filters);
  statements.set(key, statement);
  return statement;
}

/** What a page depends on besides the professional's data: the query, and the day patients' ages are counted on. */
export function consultationListKey(query: ListQuery, today: string): string {
  const filters = FILTERS.map((filter) => query[filter] ?? null);
  return JSON.stringify([today, query.page, query.page_size, ...filters]);
}

/**
 * One page of the professional's consultations, most recent first, with how many match in all;
 * patients' ages are counted on `today` (YYYY-MM-DD).
 */
export async function listConsultations(
  app: App,
  userId: string,
  query: ListQuery,
  today: string,
): Promise<TConsultationList> {
  // Naming another professional's patient is a 404, not an empty list: ids are not probed.
  if (query.patient_id) await assertOwnPatient(app.db, userId, query.patient_id);
  const statement = pageStatement(
    app.db,
    FILTERS.filter((filter) => Boolean(query[filter])),
  );
  const values = {
    userId,
    patientId: query.patient_id,
    status: query.status,
    from: query.from,
    to: query.to,
    pattern: query.q && containsPattern(query.q),
  };
  const execute = (limit: number, offset: number) => statement.execute({ ...values, limit, offset });
  const rows = await execute(query.page_size, (query.page - 1) * query.page_size);
  // Past the last page no row carries the total; the list's first row does.
  const total = rows[0]?.total ?? (query.page > 1 ? ((await execute(1, 0))[0]?.total ?? 0) : 0);
  return {
    items: rows.map((row) => toConsultationListItem(row, toPatientSummary(row.patient, today))),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}
