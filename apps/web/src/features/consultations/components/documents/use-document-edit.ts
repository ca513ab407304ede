import type { TDocument, TDocumentContent } from '@escriba/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { readApiError } from '../../../../lib/api-error';
import { toasts } from '../../../../lib/toast-store';
import { documentQueryOptions, documentsQueryOptions, saveDocument } from '../../api/documents';

interface Draft {
  content: TDocumentContent;
  /** The version the edit was opened on (or, after a conflict, the newer one it was carried onto). */
  baseVersion: number;
}

/**
 * The professional's edit of a whole document, saved as a new version over the one it was opened on. When another
 * tab saved first (409) nothing typed is lost: the edit stays open, to be kept over the newer version or dropped.
 */
export function useDocumentEdit(consultationId: string, document: TDocument | undefined) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>();
  const [hasConflict, setHasConflict] = useState(false);
  const [isSaving, setIsSaving] = useState(false);

  const close = () => {
    setDraft(undefined);
    setHasConflict(false);
  };

  const save = async () => {
    if (!document || !draft) return;
    setIsSaving(true);
    try {
      const saved = await saveDocument(consultationId, document.id, {
        base_version: draft.baseVersion,
        content: draft.content,
      });
      queryClient.setQueryData(documentQueryOptions(consultationId, document.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: documentsQueryOptions(consultationId).queryKey });
      close();
      toasts.add(
        saved.version === draft.baseVersion
          ? { title: 'Nada mudou', description: 'O documento continua como estava.', color: 'info' }
          : { title: 'Documento salvo', description: `Versão ${saved.version}`, color: 'success' },
      );
    } catch (error) {
      const { status, message, fieldErrors } = readApiError(error);
      if (status === 409) setHasConflict(true);
      else {
        const description = [message, ...Object.values(fieldErrors)].join(' ');
        toasts.add({ title: 'Não foi possível salvar', description, color: 'error' });
      }
    } finally {
      setIsSaving(false);
    }
  };

  /** After a 409: the newer version in, the edit carried onto it, for the professional to save again. */
  const keepOverNewer = async () => {
    if (!document) return;
    const newer = await queryClient.fetchQuery({ ...documentQueryOptions(consultationId, document.id), staleTime: 0 });
    setDraft((current) => current && { ...current, baseVersion: newer.version });
    setHasConflict(false);
  };

  const discard = () => {
    close();
    if (document)
      void queryClient.invalidateQueries({ queryKey: documentQueryOptions(consultationId, document.id).queryKey });
  };

  return {
    content: draft?.content,
    isEditing: draft !== undefined,
    hasConflict,
    isSaving,
    open: () =>
      document?.content && setDraft({ content: structuredClone(document.content), baseVersion: document.version }),
    change: (content: TDocumentContent) => setDraft((current) => current && { ...current, content }),
    cancel: close,
    save,
    keepOverNewer,
    discard,
  };
}
