import { and, eq, like, type Placeholder } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { patients } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { findPatientRow } from './get-patient';

// What other modules (consultations) may ask of patients; the patient's shape stays defined here.

const summaryColumns = {
  id: patients.id,
  name: patients.name,
  socialName: patients.socialName,
  birthDate: patients.birthDate,
  sex: patients.sex,
  archivedAt: patients.archivedAt,
};

/**
 * For a list that shows each row's patient in the same query (one round trip per page): the table
 * to join, the columns to select (turned into a summary with toPatientSummary), and the join
 * condition, which also requires the patient to be the row owner's.
 */
export const patientSummaryJoin = {
  table: patients,
  columns: summaryColumns,
  on: (userId: AnyPgColumn, patientId: AnyPgColumn) => and(eq(patients.userId, userId), eq(patients.id, patientId)),
};

/**
 * Ids of the professional's patients whose name or social name matches a LIKE pattern made by
 * containsPattern (a subquery); both may be placeholders of a prepared statement.
 */
export function patientsNamed(db: Database, userId: string | Placeholder, pattern: string | Placeholder) {
  return db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.userId, userId), like(patients.searchKey, pattern)));
}

/** Throws 404 unless the patient is the professional's. */
export async function assertOwnPatient(db: Database, userId: string, patientId: string): Promise<void> {
  await findPatientRow(db, userId, patientId);
}

/** Throws 404 unless the patient is the professional's, and 409 when it is archived. */
export async function assertActivePatient(
  db: Database,
  userId: string,
  patientId: string,
  loc: string[],
): Promise<void> {
  const patient = await findPatientRow(db, userId, patientId);
  if (patient.archivedAt) {
    throw new AppError('conflict', [
      { loc, msg: 'Paciente arquivado: reative-o para iniciar uma consulta', type: 'archived' },
    ]);
  }
}
