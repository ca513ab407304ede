import type { TPatientSummary } from '@escriba/contract';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { patients } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { containsPattern } from '../../platform/search-key';
import { findPatientRow } from './get-patient';
import { toPatientSummary } from './patient-view';

// What other modules (consultations) may ask of patients, without reading the table themselves.

/** Summaries of the professional's patients among `patientIds`, by id. */
export async function patientSummaries(
  db: Database,
  userId: string,
  patientIds: string[],
): Promise<Map<string, TPatientSummary>> {
  if (patientIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: patients.id,
      name: patients.name,
      socialName: patients.socialName,
      birthDate: patients.birthDate,
      sex: patients.sex,
      archivedAt: patients.archivedAt,
    })
    .from(patients)
    .where(and(eq(patients.userId, userId), inArray(patients.id, [...new Set(patientIds)])));
  return new Map(rows.map((row) => [row.id, toPatientSummary(row)]));
}

/** Ids of the professional's patients whose name or social name contains the term (a subquery). */
export function patientsNamed(db: Database, userId: string, term: string) {
  return db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.userId, userId), like(patients.searchKey, containsPattern(term))));
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
