import { ageOn, BRAZIL_TIME_ZONE, calendarDayIn, type TPatient, type TPatientSummary } from '@escriba/contract';
import type { PatientRow } from '../../db/schema/index';

/** The patient as the API answers it; ages are counted on `today` (Brasília time by default). */
export function toPatientView(row: PatientRow, today = calendarDayIn(BRAZIL_TIME_ZONE)): TPatient {
  return {
    ...toPatientSummary(row, today),
    cpf: row.cpf,
    phone: row.phone,
    email: row.email,
    address: row.address,
    health_insurance: row.healthInsurance,
    notes: row.notes,
    archived_at: row.archivedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type PatientSummaryRow = Pick<PatientRow, 'id' | 'name' | 'socialName' | 'birthDate' | 'sex' | 'archivedAt'>;

export function toPatientSummary(row: PatientSummaryRow, today = calendarDayIn(BRAZIL_TIME_ZONE)): TPatientSummary {
  return {
    id: row.id,
    name: row.name,
    social_name: row.socialName,
    birth_date: row.birthDate,
    age: row.birthDate ? ageOn(row.birthDate, today) : null,
    sex: row.sex,
    archived: row.archivedAt !== null,
  };
}
