import type { TConsultation, TRecordingConsentBody } from '@escriba/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/session';
import { consultationQueryOptions } from './get-consultation';

/**
 * PUT /user/consultations/{id}/recording-consent: the professional confirms the patient agreed to be recorded and
 * to the AI processing her data (transcription, drafts), both kept with who and when.
 */
export function confirmRecordingConsent(id: string): Promise<TConsultation> {
  return api<TConsultation>(`/user/consultations/${id}/recording-consent`, {
    method: 'PUT',
    body: { ai_processing: true } satisfies TRecordingConsentBody,
  });
}

export function useConfirmRecordingConsent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmRecordingConsent(id),
    onSuccess: (consultation) =>
      // The user context has its own editor and draft: keep the cached one.
      queryClient.setQueryData(consultationQueryOptions(id).queryKey, (cached) =>
        cached
          ? { ...cached, recording_consent: consultation.recording_consent, ai_consent: consultation.ai_consent }
          : consultation,
      ),
  });
}
