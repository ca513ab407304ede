import { ZCreatePatientBody, ZPatientSex, type TCreatePatientBody, type TPatient } from '@escriba/contract';
import { z } from 'zod';
import { ADDRESS_PATHS, toAddressBody, toAddressValues, type AddressValues } from './address-form';
import { applyMask } from './masks';

// Patient forms hold text; the contract's schema validates the body they become. A blank optional
// field becomes null (not informed). Only lazily loaded screens import this module (it brings zod).

export const ZIdentityValues = z.object({
  name: z.string(),
  social_name: z.string(),
  birth_date: z.string(),
  sex: z.union([ZPatientSex, z.literal('')]),
  cpf: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type PatientIdentityValues = z.infer<typeof ZIdentityValues>;

const ZPatientValues = ZIdentityValues.extend({
  address: z.object({
    cep: z.string(),
    street: z.string(),
    number: z.string(),
    complement: z.string(),
    district: z.string(),
    city: z.string(),
    state: z.string(),
  }),
  health_insurance: z.object({ name: z.string(), card_number: z.string() }),
  notes: z.string(),
});
export type PatientValues = z.infer<typeof ZPatientValues>;

export const blankToNull = (value: string) => (value.trim() === '' ? null : value);

export function toIdentityBody(values: PatientIdentityValues): TCreatePatientBody {
  return {
    name: values.name,
    social_name: blankToNull(values.social_name),
    birth_date: blankToNull(values.birth_date),
    sex: values.sex || null,
    cpf: blankToNull(values.cpf),
    phone: blankToNull(values.phone),
    email: blankToNull(values.email),
  };
}

/** The whole record: the patients screen's create and edit form. */
export const ZPatientForm = ZPatientValues.transform((values): TCreatePatientBody => ({
  ...toIdentityBody(values),
  address: toAddressBody(values.address),
  health_insurance: values.health_insurance.name.trim()
    ? { name: values.health_insurance.name, card_number: values.health_insurance.card_number.trim() || undefined }
    : null,
  notes: blankToNull(values.notes),
})).pipe(ZCreatePatientBody);

export const EMPTY_IDENTITY: PatientIdentityValues = {
  name: '',
  social_name: '',
  birth_date: '',
  sex: '',
  cpf: '',
  phone: '',
  email: '',
};

export function toPatientValues(patient?: TPatient): PatientValues {
  if (!patient) {
    const address: AddressValues = toAddressValues(null);
    return { ...EMPTY_IDENTITY, address, health_insurance: { name: '', card_number: '' }, notes: '' };
  }
  return {
    name: patient.name,
    social_name: patient.social_name ?? '',
    birth_date: patient.birth_date ?? '',
    sex: patient.sex ?? '',
    cpf: patient.cpf ? applyMask('cpf', patient.cpf) : '',
    phone: patient.phone ? applyMask('phone', patient.phone) : '',
    email: patient.email ?? '',
    address: toAddressValues(patient.address),
    health_insurance: {
      name: patient.health_insurance?.name ?? '',
      card_number: patient.health_insurance?.card_number ?? '',
    },
    notes: patient.notes ?? '',
  };
}

export const IDENTITY_FIELDS = ['name', 'social_name', 'birth_date', 'sex', 'cpf', 'phone', 'email'] as const;

/** Every field a server message may name, for applyApiError. */
export const PATIENT_FIELDS = [
  ...IDENTITY_FIELDS,
  ...ADDRESS_PATHS,
  'health_insurance.name',
  'health_insurance.card_number',
  'notes',
] as const;
