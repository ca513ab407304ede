import type { TAdminTemplate } from '@escriba/contract';
import { useState } from 'react';
import { readApiError } from '../../../lib/api-error';
import { toasts } from '../../../lib/toast-store';
import { useDeleteAdminTemplate, usePublishTemplate } from './templates-api';

/**
 * Publishing and deleting a template, from the list or the editor. A refusal (a template shipped with Escriba
 * cannot be deleted) is kept on the page in the server's words.
 */
export function useTemplateActions(onDeleted?: () => void) {
  const publish = usePublishTemplate();
  const remove = useDeleteAdminTemplate();
  const [refusal, setRefusal] = useState<string>();

  const setPublished = (template: TAdminTemplate, isPublished: boolean) => {
    setRefusal(undefined);
    publish.mutate(
      { id: template.id, publish: isPublished },
      {
        onSuccess: () =>
          toasts.add({
            title: isPublished ? 'Modelo publicado' : 'Modelo despublicado',
            description: isPublished
              ? `“${template.name}” aparece para todos os profissionais.`
              : `“${template.name}” não aparece mais para os profissionais.`,
            color: 'success',
          }),
        onError: (error) => setRefusal(readApiError(error).message),
      },
    );
  };

  /** What a template's delete button (`ConfirmDeleteButton`) asks and does. */
  const deletion = (template: TAdminTemplate) => ({
    confirmation: {
      title: 'Excluir o modelo?',
      description: `“${template.name}” sai da lista dos profissionais. As anamneses já escritas com ele não mudam.`,
      confirmLabel: 'Excluir modelo',
    },
    isDeleting: remove.isPending && remove.variables === template.id,
    onAsk: () => setRefusal(undefined),
    onConfirm: () =>
      remove.mutate(template.id, {
        onSuccess: () => {
          toasts.add({ title: 'Modelo excluído', color: 'success' });
          onDeleted?.();
        },
        onError: (error) => setRefusal(readApiError(error).message),
      }),
  });

  return {
    setPublished,
    deletion,
    refusal,
    publishingId: publish.isPending ? publish.variables.id : undefined,
  };
}
