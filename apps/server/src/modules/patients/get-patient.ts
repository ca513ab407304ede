import type { TPatient } from '@escriba/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { patients, type PatientRow } from '../../db/schema/index';
import { notFound } from '../../platform/errors';
import { toPatientView } from './patient-view';

export const PATIENT = 'Paciente';

/** One of the professional's patients; another professional's patient is "not found" too. */
export async function findPatientRow(db: Database, userId: string, patientId: string): Promise<PatientRow> {
  const [row] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.userId, userId)));
  if (!row) throw notFound(PATIENT);
  return row;
}

export async function getPatient(db: Database, userId: string, patientId: string): Promise<TPatient> {
  return toPatientView(await findPatientRow(db, userId, patientId));
}
