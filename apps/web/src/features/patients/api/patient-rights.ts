import type { TDeletedPatient, TPatientRetained, TPatientRetention } from '@escriba/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FetchError } from 'ofetch';
import { patientQueryOptions } from '../../../lib/api/get-patient';
import { api } from '../../../lib/session';

/** GET /user/patients/{id}/export: the patient's data as a ZIP (LGPD art. 18), a link the browser downloads with the session cookie. */
export function patientExportUrl(id: string): string {
  return `/api/v1/user/patients/${id}/export`;
}

/** GET /user/patients/{id}/retention: whether the law still keeps her record, and until when, before any name is typed. */
export function getPatientRetention(id: string): Promise<TPatientRetention> {
  return api<TPatientRetention>(`/user/patients/${id}/retention`);
}

export function usePatientRetention(id: string) {
  // Asked each time the dialog opens: a consultation concluded since changes the answer.
  return useQuery(
    queryOptions({ queryKey: ['patients', id, 'retention'], queryFn: () => getPatientRetention(id), staleTime: 0 }),
  );
}

/** DELETE /user/patients/{id}?confirm=: `confirm` is her name as the professional typed it (otherwise 422). */
export function deletePatient(id: string, confirm: string): Promise<TDeletedPatient> {
  return api<TDeletedPatient>(`/user/patients/${id}`, { method: 'DELETE', query: { confirm } });
}

/** The 409 of a record still kept by law (Lei 13.787/2018), with the day it may go; undefined for any other failure. */
export function retentionOf(error: unknown): TPatientRetained | undefined {
  if (!(error instanceof FetchError) || error.status !== 409) return undefined;
  const body = error.data as Partial<TPatientRetained> | undefined;
  return typeof body?.detail === 'string' && typeof body.retained_until === 'string'
    ? { detail: body.detail, retained_until: body.retained_until }
    : undefined;
}

export function useDeletePatient(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirm: string) => deletePatient(id, confirm),
    onSuccess: async () => {
      // Not fetched again into a 404: the page leaves for the list.
      queryClient.removeQueries({ queryKey: patientQueryOptions(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: ['patients', 'list'] });
      await queryClient.invalidateQueries({ queryKey: ['consultations'] });
    },
  });
}
