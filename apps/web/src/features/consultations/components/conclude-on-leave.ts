import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readApiError } from '../../../lib/api-error';
import { displayName } from '../../../lib/format';
import { toasts } from '../../../lib/toast-store';
import { anamnesisQueryOptions } from '../api/anamnesis';
import { documentsQueryOptions } from '../api/documents';
import { consultationQueryOptions } from '../api/get-consultation';
import { storeUpdatedConsultation, updateConsultation } from '../api/update-consultation';
import { storedVersions } from './anamnesis/note-state';

// Long enough to read and press on the next page; it never stops her from going on.
const OFFER_DURATION_MS = 20_000;

/**
 * Leaving a visit that has a note and documents but is still open offers, on the page she goes to, to conclude it
 * in one click (issue 31 §2: a visit left open, its receita signed, stayed out of "Consultas anteriores"). Read
 * from the cache when the page goes: a deleted visit is no longer there, and a reload or a closed tab offers
 * nothing.
 */
export function useConcludeOnLeave(id: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () => () => {
      // Still on this visit: React re-running the effect, not her leaving.
      if (window.location.pathname === `/${id}`) return;
      const consultation = queryClient.getQueryData(consultationQueryOptions(id).queryKey);
      const hasNote = storedVersions(queryClient.getQueryData(anamnesisQueryOptions(id).queryKey)).length > 0;
      const hasDocuments = (queryClient.getQueryData(documentsQueryOptions(id).queryKey)?.length ?? 0) > 0;
      if (!consultation || consultation.status === 'done' || !hasNote || !hasDocuments) return;
      toasts.add({
        title: 'Consulta ainda em aberto',
        description:
          `A consulta de ${displayName(consultation.patient)} tem anamnese e documentos. ` +
          'Concluída, ela entra nas consultas anteriores do paciente.',
        duration: OFFER_DURATION_MS,
        action: { label: 'Concluir consulta', onAction: () => void conclude(queryClient, id) },
      });
    },
    [id, queryClient],
  );
}

async function conclude(queryClient: QueryClient, id: string): Promise<void> {
  try {
    await storeUpdatedConsultation(queryClient, await updateConsultation(id, { status: 'done' }));
    toasts.add({ title: 'Consulta concluída', color: 'success' });
  } catch (error) {
    toasts.add({ title: 'Consulta não concluída', description: readApiError(error).message, color: 'error' });
  }
}
