import type { TAdminTemplate, TAdminTemplateBody, TAdminTemplateUpdate, TTemplateField } from '@escriba/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/session';
import { anamnesisTemplatesQueryOptions } from '../../../lib/api/anamnesis-templates';
import { idempotencyKeyHeader } from '../../../lib/idempotency';

const BASE = '/admin/template/';
const listKey = ['admin', 'templates'];

/** Every administrators' template, published or not, by name. */
export function useAdminTemplates() {
  return useQuery({ queryKey: listKey, queryFn: () => api<TAdminTemplate[]>(BASE) });
}

/**
 * A change answered with the template puts it in the list at once; the professionals' list (this administrator's
 * too) is read again, since published templates are in it.
 */
function useTemplateChange<Variables, Answer extends TAdminTemplate | null>(
  request: (variables: Variables) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (template) => {
      if (template) {
        queryClient.setQueryData<TAdminTemplate[]>(listKey, (list) =>
          list?.some((each) => each.id === template.id)
            ? list.map((each) => (each.id === template.id ? template : each))
            : [...(list ?? []), template],
        );
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey }),
        queryClient.invalidateQueries({ queryKey: anamnesisTemplatesQueryOptions().queryKey }),
      ]);
    },
  });
}

export function useCreateAdminTemplate() {
  return useTemplateChange((body: TAdminTemplateBody) =>
    api<TAdminTemplate>(BASE, { method: 'POST', body, headers: idempotencyKeyHeader(body) }),
  );
}

export function useDeleteAdminTemplate() {
  return useTemplateChange((id: string) => api<null>(`${BASE}${id}`, { method: 'DELETE' }));
}

export function usePublishTemplate() {
  return useTemplateChange(({ id, publish }: { id: string; publish: boolean }) =>
    api<TAdminTemplate>(`${BASE}${id}/publish`, { method: 'PUT', query: { publish: String(publish) } }),
  );
}

/** Name and specialty, and each field change, of one template: every answer is the whole template. */
export function useAdminTemplateChanges(id: string) {
  const path = `${BASE}${id}`;
  const field = (fieldId: string) => `${path}/field/${encodeURIComponent(fieldId)}`;
  return {
    update: useTemplateChange((body: TAdminTemplateUpdate) => api<TAdminTemplate>(path, { method: 'PUT', body })),
    addField: useTemplateChange((body: TTemplateField) =>
      api<TAdminTemplate>(`${path}/field`, { method: 'POST', body, headers: idempotencyKeyHeader(body) }),
    ),
    updateField: useTemplateChange(({ fieldId, body }: { fieldId: string; body: TTemplateField }) =>
      api<TAdminTemplate>(field(fieldId), { method: 'PUT', body }),
    ),
    deleteField: useTemplateChange((fieldId: string) => api<TAdminTemplate>(field(fieldId), { method: 'DELETE' })),
    reorder: useTemplateChange((order: string[]) =>
      api<TAdminTemplate>(`${path}/field/order`, { method: 'PUT', query: { order: order.join(',') } }),
    ),
  };
}
