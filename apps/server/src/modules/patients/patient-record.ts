import type { ZCreatePatientBody } from '@escriba/contract';
import type { z } from 'zod';
import type { patients } from '../../db/schema/index';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { foldForSearch } from '../../platform/search-key';

type PatientFields = Partial<z.output<typeof ZCreatePatientBody>>;

/** The columns a set of patient fields writes; `names` is the name and social name after the change. */
export function patientColumns(
  fields: PatientFields,
  names: { name: string; socialName: string | null },
): Partial<typeof patients.$inferInsert> & { searchKey: string } {
  return {
    name: fields.name,
    socialName: fields.social_name,
    searchKey: foldForSearch(names.name, names.socialName),
    birthDate: fields.birth_date,
    sex: fields.sex,
    cpf: fields.cpf,
    phone: fields.phone,
    email: fields.email,
    address: fields.address,
    healthInsurance: fields.health_insurance,
    notes: fields.notes,
  };
}

/** Turns the per-professional CPF uniqueness violation into a 409 on the field at `loc`. */
export function rethrowDuplicateCpf(error: unknown, loc: string[]): never {
  if (uniqueViolation(error) === 'patients_user_cpf_key') {
    throw new AppError('conflict', [{ loc, msg: 'Já existe um paciente com este CPF', type: 'unique' }]);
  }
  throw error;
}
