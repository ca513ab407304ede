import type { TConsultation, TConsultationListItem, TPatientSummary } from '@escriba/contract';
import type { Database } from '../../db/client';
import type { ConsultationRow } from '../../db/schema/index';
import { patientSummaries } from '../patients/patient-lookups';

export type ConsultationListRow = Omit<ConsultationRow, 'userContext' | 'searchKey' | 'userId'>;

export function toConsultationListItem(row: ConsultationListRow, patient: TPatientSummary): TConsultationListItem {
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    chief_complaint: row.chiefComplaint,
    patient,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The consultation as the API answers it, with its patient's summary. */
export async function toConsultationView(db: Database, row: ConsultationRow): Promise<TConsultation> {
  const patients = await patientSummaries(db, row.userId, [row.patientId]);
  // The composite foreign key guarantees the patient exists and is the same professional's.
  return { ...toConsultationListItem(row, patients.get(row.patientId)!), user_context: row.userContext };
}
