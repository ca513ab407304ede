import type { Encounter, Patient, Practitioner } from '@medplum/fhirtypes';

/** Who and what an order (a receita's line, a requested exam) is about. */
export interface OrderContext {
  patient: Patient;
  encounter: Encounter;
  practitioner: Practitioner;
}
