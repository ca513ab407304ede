import type { APIRequestContext, Page } from '@playwright/test';
import { signedInProfessional } from './records';

/** What the professional noted of the plan, which the assistant cites as the consultation's context ("C"). */
export const HEADACHE_PLAN = 'Retorno em 30 dias com diário da dor; orientar higiene do sono e reduzir a dipirona.';

/**
 * A new professional, logged in, with the visit the transcription fixture hears (consultation 1 of shared/fixtures):
 * Helena Martins's headache of three weeks, with `context` noted on it if given.
 */
export async function headacheVisit(page: Page, request: APIRequestContext, context?: string) {
  const { token, records } = await signedInProfessional(page, request);
  const patient = await records.createPatient({ name: 'Helena Martins', birth_date: '1972-05-03', sex: 'female' });
  const consultation = await records.createConsultation({
    patient_id: patient.id,
    title: 'Cefaleia há três semanas',
    chief_complaint: 'Dor de cabeça quase diária',
  });
  if (context) await records.saveUserContext(consultation.id, context);
  return { token, records, consultation };
}
