import type { TDeletedPatient } from '@escriba/contract';
import { eq, inArray } from 'drizzle-orm';
import { consultations, evidences, patients, transcriptChunks } from '../src/db/schema/index';
import { storeChunk, storeFileEvidence } from '../src/modules/admin-consultations/consultation-records';
import type { App } from '../src/platform/services';
import { createTestConsultation, createTestPatient, uniqueWord } from './clinical-factories';

type Headers = Record<string, string>;

/** DELETE /user/patients/{id}, with `confirm` when given. */
export function deletePatientRequest(app: App, headers: Headers, patientId: string, confirm?: string) {
  const query = confirm === undefined ? '' : `?confirm=${encodeURIComponent(confirm)}`;
  return app.inject({ method: 'DELETE', url: `/api/v1/user/patients/${patientId}${query}`, headers });
}

/** A patient with two draft consultations, one with a recorded chunk's audio, the other with an evidence file. */
export async function patientWithFiles(app: App, headers: Headers) {
  const patient = await createTestPatient(app, headers, { name: `Antônia ${uniqueWord()} Brandão` });
  const first = await createTestConsultation(app, headers, { patient_id: patient.id });
  const second = await createTestConsultation(app, headers, { patient_id: patient.id });
  const audio = await storeChunk(app, first.id, 0, { status: 'done', text: 'Bom dia.' });
  const evidence = await storeFileEvidence(app, second.id, { status: 'ready', text: 'Hemograma normal.' });
  return { patient, consultationIds: [first.id, second.id], files: [audio, evidence.key] };
}

/** How many of the patient's rows are left: herself, her consultations, their evidence and chunks (5 in patientWithFiles). */
export async function rowsLeft(app: App, patientId: string, consultationIds: string[]) {
  const [patient, visits, files, chunks] = await Promise.all([
    app.db.select().from(patients).where(eq(patients.id, patientId)),
    app.db.select().from(consultations).where(inArray(consultations.id, consultationIds)),
    app.db.select().from(evidences).where(inArray(evidences.consultationId, consultationIds)),
    app.db.select().from(transcriptChunks).where(inArray(transcriptChunks.consultationId, consultationIds)),
  ]);
  return patient.length + visits.length + files.length + chunks.length;
}

export const DELETED: Pick<TDeletedPatient, 'removed'> = { removed: { consultations: 2, files: 2 } };
