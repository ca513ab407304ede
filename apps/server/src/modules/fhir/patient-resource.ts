import type { TPatient, TPatientSex } from '@escriba/contract';
import type { Patient } from '@medplum/fhirtypes';
import { entryId } from './fhir-entry';
import { CPF_SYSTEM } from './fhir-systems';

// FHIR's administrative gender has no "intersex": `other` is its word for it.
const GENDER: Record<TPatientSex, NonNullable<Patient['gender']>> = {
  female: 'female',
  male: 'male',
  intersex: 'other',
};

/** The patient as RNDS's BRIndividuo names her: CPF, official name (and social name as `usual`), birth date, sex. */
export function patientResource(patient: TPatient): Patient {
  return {
    resourceType: 'Patient',
    id: entryId('patient', patient.id),
    active: !patient.archived,
    ...(patient.cpf
      ? { identifier: [{ use: 'official', system: CPF_SYSTEM, value: patient.cpf.replace(/\D/g, '') }] }
      : {}),
    name: [
      { use: 'official', text: patient.name },
      ...(patient.social_name ? [{ use: 'usual' as const, text: patient.social_name }] : []),
    ],
    gender: patient.sex ? GENDER[patient.sex] : 'unknown',
    ...(patient.birth_date ? { birthDate: patient.birth_date } : {}),
  };
}
