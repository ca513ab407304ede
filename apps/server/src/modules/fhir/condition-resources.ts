import type { TDiagnosis } from '@escriba/contract';
import type { Condition, Encounter, Patient, Practitioner } from '@medplum/fhirtypes';
import { entryId, referenceTo } from './fhir-entry';
import { CID10_SYSTEM, CONDITION_CLINICAL } from './fhir-systems';

/** A CID-10 code as RNDS's table writes it: without the dot (`A00.0` is `A000`). */
export const cid10Coding = (code: string, description: string) => ({
  system: CID10_SYSTEM,
  code: code.replace('.', ''),
  display: description,
});

/**
 * Each diagnosis the professional confirmed, as RNDS's BRCID10Avaliado: the code in RNDS's CID-10, active. A
 * suggestion she has not confirmed never leaves Escriba.
 */
export function conditionResources(
  consultationId: string,
  diagnoses: TDiagnosis[],
  context: { patient: Patient; encounter: Encounter; practitioner: Practitioner; recordedDate: string },
): Condition[] {
  return diagnoses
    .filter((diagnosis) => diagnosis.confirmed)
    .map((diagnosis) => ({
      resourceType: 'Condition',
      id: entryId('condition', consultationId, diagnosis.code),
      clinicalStatus: { coding: [{ system: CONDITION_CLINICAL, code: 'active' }] },
      code: { coding: [cid10Coding(diagnosis.code, diagnosis.description)], text: diagnosis.description },
      subject: referenceTo(context.patient),
      encounter: referenceTo(context.encounter),
      recordedDate: context.recordedDate,
      recorder: referenceTo(context.practitioner),
    }));
}
