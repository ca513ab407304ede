import type { TConsultation, TCreateConsultationBody, TCreatePatientBody, TPatient } from '@escriba/contract';
import { randomInt } from 'node:crypto';
import type { App } from '../src/platform/services';

type Headers = Record<string, string>;

/** A word of letters no other test uses, so searches find only this test's records. */
export function uniqueWord(length = 10): string {
  return Array.from({ length }, () => String.fromCharCode(97 + randomInt(26))).join('');
}

/** A patient of the professional whose headers are given, made through the API. */
export async function createTestPatient(
  app: App,
  headers: Headers,
  fields: Partial<TCreatePatientBody> = {},
): Promise<TPatient> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/user/patients/',
    headers,
    payload: { name: `Paciente ${uniqueWord()}`, ...fields },
  });
  if (response.statusCode !== 201) throw new Error(`patient not created: ${response.statusCode} ${response.body}`);
  return response.json<TPatient>();
}

/** A consultation made through the API; for a new patient unless `patient_id` or `patient` is given. */
export async function createTestConsultation(
  app: App,
  headers: Headers,
  fields: Partial<TCreateConsultationBody> = {},
): Promise<TConsultation> {
  const patient = fields.patient_id ? {} : { patient: { name: `Paciente ${uniqueWord()}` } };
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/user/consultations/',
    headers,
    payload: { ...patient, ...fields },
  });
  if (response.statusCode !== 201) throw new Error(`consultation not created: ${response.statusCode} ${response.body}`);
  return response.json<TConsultation>();
}
