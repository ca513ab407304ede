import type { TDiagnosesBody, TDiagnosis } from '@escriba/contract';
import { api } from '../../../lib/session';

/** PUT /user/consultations/{id}/anamnesis/diagnoses: the whole list of hypotheses, in order; answers it stored. */
export function saveDiagnoses(id: string, body: TDiagnosesBody): Promise<TDiagnosis[]> {
  return api<TDiagnosis[]>(`/user/consultations/${id}/anamnesis/diagnoses`, { method: 'PUT', body });
}
