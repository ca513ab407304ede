import type { Encounter, Patient, Practitioner } from '@medplum/fhirtypes';
import type { ConsultationRow } from '../../db/schema/index';
import { entryId, referenceTo } from './fhir-entry';
import { ACT_CODE, escribaSystem } from './fhir-systems';

/** The consultation as an ambulatory encounter: finished once concluded, its period from creation to conclusion. */
export function encounterResource(
  publicUrl: string,
  consultation: ConsultationRow,
  patient: Patient,
  practitioner: Practitioner,
): Encounter {
  const done = consultation.status === 'done';
  const reason = [consultation.title, consultation.chiefComplaint].filter((text) => text?.trim());
  return {
    resourceType: 'Encounter',
    id: entryId('encounter', consultation.id),
    identifier: [{ system: escribaSystem(publicUrl, 'sid/consultation'), value: consultation.id }],
    status: done ? 'finished' : 'in-progress',
    class: { system: ACT_CODE, code: 'AMB', display: 'ambulatory' },
    subject: referenceTo(patient),
    participant: [{ individual: referenceTo(practitioner) }],
    period: {
      start: consultation.createdAt.toISOString(),
      ...(done && consultation.concludedAt ? { end: consultation.concludedAt.toISOString() } : {}),
    },
    ...(reason.length > 0 ? { reasonCode: [{ text: reason.join(': ') }] } : {}),
  };
}
