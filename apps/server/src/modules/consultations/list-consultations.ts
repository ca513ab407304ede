import { BRAZIL_TIME_ZONE, type TConsultationList, type ZConsultationListQuery } from '@escriba/contract';
import { and, count, desc, eq, gte, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { consultations } from '../../db/schema/index';
import { containsPattern } from '../../platform/search-key';
import type { App } from '../../platform/services';
import { assertOwnPatient, patientsNamed, patientSummaries } from '../patients/patient-lookups';
import { toConsultationListItem } from './consultation-view';

const listColumns = {
  id: consultations.id,
  patientId: consultations.patientId,
  status: consultations.status,
  title: consultations.title,
  chiefComplaint: consultations.chiefComplaint,
  createdAt: consultations.createdAt,
  updatedAt: consultations.updatedAt,
};

/** The instant a day (`YYYY-MM-DD`, plus `days`) starts on Brasília time. */
function startOfDay(day: string, days = 0): SQL {
  return sql`((${day}::date + ${days}::int)::timestamp at time zone ${BRAZIL_TIME_ZONE})`;
}

/** One page of the professional's consultations, most recent first, with how many match in all. */
export async function listConsultations(
  app: App,
  userId: string,
  query: z.output<typeof ZConsultationListQuery>,
): Promise<TConsultationList> {
  // Naming another professional's patient is a 404, not an empty list: ids are not probed.
  if (query.patient_id) await assertOwnPatient(app.db, userId, query.patient_id);
  const conditions: SQL[] = [eq(consultations.userId, userId)];
  if (query.patient_id) conditions.push(eq(consultations.patientId, query.patient_id));
  if (query.status) conditions.push(eq(consultations.status, query.status));
  if (query.from) conditions.push(gte(consultations.createdAt, startOfDay(query.from)));
  if (query.to) conditions.push(lt(consultations.createdAt, startOfDay(query.to, 1)));
  if (query.q) {
    conditions.push(
      or(
        like(consultations.searchKey, containsPattern(query.q)),
        inArray(consultations.patientId, patientsNamed(app.db, userId, query.q)),
      )!,
    );
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    app.db
      .select(listColumns)
      .from(consultations)
      .where(where)
      .orderBy(desc(consultations.createdAt), desc(consultations.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    app.db.select({ total: count() }).from(consultations).where(where),
  ]);
  const patients = await patientSummaries(
    app.db,
    userId,
    rows.map((row) => row.patientId),
  );
  return {
    items: rows.map((row) => toConsultationListItem(row, patients.get(row.patientId)!)),
    total: counted!.total,
    page: query.page,
    page_size: query.page_size,
  };
}
