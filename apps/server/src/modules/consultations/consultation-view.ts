import type { TConsultation, TPatientSummary, TRecordingConsent } from '@escriba/contract';
import type { Database } from '../../db/client';
import type { ConsultationRow } from '../../db/schema/index';
import { getPatient } from '../patients/get-patient';

export type ConsultationListRow = Pick<
  ConsultationRow,
  'id' | 'status' | 'title' | 'chiefComplaint' | 'createdAt' | 'updatedAt'
>;

/** The consultation's own fields with its patient: a summary in lists, the whole record alone. */
export function toConsultationListItem<Patient extends TPatientSummary>(row: ConsultationListRow, patient: Patient) {
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

/** The consultation as the API answers it, with its patient's record. */
export async function toConsultationView(db: Database, row: ConsultationRow): Promise<TConsultation> {
  const patient = await getPatient(db, row.userId, row.patientId);
  return {
    ...toConsultationListItem(row, patient),
    user_context: row.userContext,
    recording_consent: consentView(row.consentConfirmedBy, row.consentConfirmedAt),
    ai_consent: consentView(row.aiConsentConfirmedBy, row.aiConsentConfirmedAt),
    ai_enabled: row.aiEnabled,
  };
}

function consentView(by: string | null, at: Date | null): TRecordingConsent | null {
  return by && at ? { confirmed_by: by, confirmed_at: at.toISOString() } : null;
}
