import type { Bundle } from '@medplum/fhirtypes';
import type { UserRow } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { consultationBundle } from './consultation-bundle';
import { professionalOf, readOwnConsultation, readOwnPatient } from './fhir-record';
import { patientBundle } from './patient-bundle';

/** One of the professional's consultations as a FHIR R4 document Bundle; 404 for anyone else's. */
export async function getConsultationFhir(app: App, user: UserRow, consultationId: string): Promise<Bundle> {
  const { patient, record } = await readOwnConsultation(app, user.id, consultationId);
  return consultationBundle(app.config.publicUrl, await professionalOf(app.db, user), patient, record, new Date());
}

/** One of the professional's patients, every consultation, as a FHIR R4 collection Bundle; 404 for anyone else's. */
export async function getPatientFhir(app: App, user: UserRow, patientId: string, at = new Date()): Promise<Bundle> {
  const { patient, records } = await readOwnPatient(app, user.id, patientId);
  return patientBundle(app.config.publicUrl, await professionalOf(app.db, user), patient, records, at);
}
