import type { TAnamnesis, TDiagnosis, TFieldSources } from '@escriba/contract';
import { storeSuggestedDiagnoses } from '../src/modules/diagnoses/diagnoses-store';
import type { App } from '../src/platform/services';

type Headers = Record<string, string>;

export const diagnosesUrl = (consultationId: string) =>
  `/api/v1/user/consultations/${consultationId}/anamnesis/diagnoses`;

export function sourcesFrom(seq: number): TFieldSources {
  return { transcript: [{ seq, start: seq * 10, end: seq * 10 + 8 }], evidence: [], user_context: false };
}

export function putDiagnoses(app: App, headers: Headers, consultationId: string, payload: unknown) {
  return app.inject({ method: 'PUT', url: diagnosesUrl(consultationId), headers, payload: payload as object });
}

export async function diagnosesOf(app: App, headers: Headers, consultationId: string): Promise<TDiagnosis[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/user/consultations/${consultationId}/anamnesis`,
    headers,
  });
  if (response.statusCode !== 200) throw new Error(`anamnesis not read: ${response.statusCode} ${response.body}`);
  return response.json<TAnamnesis>().diagnoses;
}

/** What the generation does with the model's hypotheses. */
export function suggest(app: App, consultationId: string, suggestions: { code: string; sources: TFieldSources }[]) {
  return app.db.transaction((tx) => storeSuggestedDiagnoses(tx, consultationId, suggestions));
}
