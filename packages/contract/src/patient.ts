import { z } from 'zod';
import { ZAddress, ZAddressView } from './address';
import { ZEmail, ZPhone } from './contact';
import { ZCpf } from './cpf';
import { zPageOf, ZPageQuery } from './pagination';
import { readOnlyFields } from './read-only';
import { zLine, zString, zText } from './text';
import { ZBirthDate, ZPersonName } from './user';

/** Sex recorded for clinical purposes; `null` in a patient means "not informed". */
export const ZPatientSex = z.enum(['female', 'male', 'intersex']);
export type TPatientSex = z.infer<typeof ZPatientSex>;

export const PATIENT_SEX_LABELS: Record<TPatientSex, string> = {
  female: 'Feminino',
  male: 'Masculino',
  intersex: 'Intersexo',
};

export const PATIENT_NOTES_MAX_LENGTH = 5000;

/** The patient's health plan (convênio): the operator's or plan's name and the card number. */
export const ZHealthInsurance = z.strictObject({
  name: zLine({ max: 120 }),
  card_number: zLine({ max: 40 }).optional(),
});
export type THealthInsurance = z.infer<typeof ZHealthInsurance>;

// Everything but the name may be left out when the patient is created and cleared later with null.
const ZPatientDetails = z.strictObject({
  social_name: zLine({ max: 120 }).nullable(),
  birth_date: ZBirthDate.nullable(),
  sex: ZPatientSex.nullable(),
  /** Unique among one professional's patients. */
  cpf: ZCpf.nullable(),
  phone: ZPhone.nullable(),
  email: ZEmail.nullable(),
  address: ZAddress.nullable(),
  health_insurance: ZHealthInsurance.nullable(),
  notes: zText({ max: PATIENT_NOTES_MAX_LENGTH }).nullable(),
});

/** POST /user/patients/. */
export const ZCreatePatientBody = ZPatientDetails.partial().extend({ name: ZPersonName });
export type TCreatePatientBody = z.input<typeof ZCreatePatientBody>;

/**
 * PATCH /user/patients/{id}: any subset of the fields. `{"archived": true}` hides one from the default list,
 * `false` brings it back; deleting is DELETE /user/patients/{id}.
 */
export const ZUpdatePatientBody = ZPatientDetails.extend({
  name: ZPersonName,
  archived: z.boolean(),
  ...readOnlyFields(['id', 'age', 'archived_at', 'created_at', 'updated_at']),
})
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Informe ao menos um campo');
export type TUpdatePatientBody = z.input<typeof ZUpdatePatientBody>;

export const ZHealthInsuranceView = z.object({ name: z.string(), card_number: z.string().optional() });

export const ZPatient = z.object({
  id: z.uuid(),
  name: z.string(),
  social_name: z.string().nullable(),
  birth_date: z.string().nullable(),
  /** Whole years today on Brasília time; null without a birth date. */
  age: z.number().int().nullable(),
  sex: ZPatientSex.nullable(),
  cpf: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: ZAddressView.nullable(),
  health_insurance: ZHealthInsuranceView.nullable(),
  notes: z.string().nullable(),
  archived: z.boolean(),
  archived_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type TPatient = z.infer<typeof ZPatient>;

/** What a consultation shows of its patient. */
export const ZPatientSummary = ZPatient.pick({
  id: true,
  name: true,
  social_name: true,
  birth_date: true,
  age: true,
  sex: true,
  archived: true,
});
export type TPatientSummary = z.infer<typeof ZPatientSummary>;

export const PATIENT_SORTS = ['name', '-name', 'created_at', '-created_at'] as const;
export type TPatientSort = (typeof PATIENT_SORTS)[number];

/** GET /user/patients/: `q` matches the name or social name (ignoring case and accents) or the CPF digits. */
export const ZPatientListQuery = ZPageQuery.extend({
  q: zLine({ min: 0, max: 120 }).optional(),
  /** A leading `-` sorts descending. */
  sort: z.enum(PATIENT_SORTS).default('name'),
  /** `false` (default): active patients only; `true`: archived only; `all`: both. */
  archived: z.enum(['false', 'true', 'all']).default('false'),
});
export type TPatientListQuery = z.input<typeof ZPatientListQuery>;

export const ZPatientList = zPageOf(ZPatient);
export type TPatientList = z.infer<typeof ZPatientList>;

/** DELETE /user/patients/{id}?confirm=: the patient's name, typed by the professional. */
export const ZDeletePatientQuery = z.strictObject({ confirm: zString({ max: 300 }) });
export type TDeletePatientQuery = z.input<typeof ZDeletePatientQuery>;

/** What deleting a patient removed for good: her consultations and their stored files. */
export const ZDeletedPatient = z.object({
  detail: z.string(),
  removed: z.object({ consultations: z.number().int(), files: z.number().int() }),
});
export type TDeletedPatient = z.infer<typeof ZDeletedPatient>;

/**
 * The 409 of a deletion the record's retention forbids (Lei 13.787/2018): why, in Portuguese, and the day (Brasília)
 * from which the patient may be deleted.
 */
export const ZPatientRetained = z.object({ detail: z.string(), retained_until: z.iso.date() });
export type TPatientRetained = z.infer<typeof ZPatientRetained>;

/** GET /user/patients/{id}/retention: what a deletion would answer now; `retained` null when it would go. */
export const ZPatientRetention = z.object({ retained: ZPatientRetained.nullable() });
export type TPatientRetention = z.infer<typeof ZPatientRetention>;
