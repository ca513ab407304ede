import type { TPatient } from '@escriba/contract';
import type { Bundle } from '@medplum/fhirtypes';
import { consultationBundle } from './consultation-bundle';
import type { ConsultationRecord, Professional } from './fhir-record';
import { entryId, fullUrlOf } from './fhir-entry';

/**
 * GET /user/patients/{id}/fhir (and fhir-bundle.json in the patient's export): a collection of her consultations,
 * oldest first, each one whole as its own document Bundle, so each keeps its references and its identifier.
 */
export function patientBundle(
  publicUrl: string,
  professional: Professional,
  patient: TPatient,
  records: ConsultationRecord[],
  at: Date,
): Bundle {
  return {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: at.toISOString(),
    entry: records.map((record) => ({
      fullUrl: fullUrlOf(entryId('document', record.consultation.id)),
      resource: consultationBundle(publicUrl, professional, patient, record, at),
    })),
  };
}
