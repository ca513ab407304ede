import type { TConsultation, TConsultationListItem, TPatientSummary } from '@escriba/contract';
import type { Database } from '../../db/client';
import type { ConsultationRow } from '../../db/schema/index';
import { patientSummary } from '../patients/patient-lookups';

export type ConsultationListRow = Pick<
  ConsultationRow,
  'id' | 'status' | 'title' | 'chiefComplaint' | 'createdAt' | 'updatedAt'
>;

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
  const patient = await patientSummary(db, row.userId, row.patientId);
  return { ...toConsultationListItem(row, patient), user_context: row.userContext };
}
