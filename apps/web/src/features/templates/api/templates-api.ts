import type { TAnamnesisTemplate, TAnamnesisTemplateBody } from '@escriba/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { idempotencyKeyHeader } from '../../../lib/idempotency';
import { api } from '../../../lib/session';
import { anamnesisTemplatesQueryOptions } from '../../../lib/api/anamnesis-templates';

const BASE = '/user/templates/anamnesis/';
/** The list's key: the consultation's template picker reads it too, so every change refreshes both. */
const LIST_KEY = anamnesisTemplatesQueryOptions().queryKey;

export const anamnesisTemplateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...LIST_KEY, id],
    queryFn: () => api<TAnamnesisTemplate>(`${BASE}${id}`),
  });

export function useAnamnesisTemplate(id: string | undefined) {
  return useQuery({ ...anamnesisTemplateQueryOptions(id ?? ''), enabled: id !== undefined });
}

function useTemplateMutation<Variables>(request: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIST_KEY }),
  });
}

export function useCreateTemplate() {
  return useTemplateMutation((body: TAnamnesisTemplateBody) =>
    api<TAnamnesisTemplate>(BASE, { method: 'POST', body, headers: idempotencyKeyHeader(body) }),
  );
}

export function useUpdateTemplate(id: string) {
  return useTemplateMutation((body: TAnamnesisTemplateBody) =>
    api<TAnamnesisTemplate>(`${BASE}${id}`, { method: 'PUT', body }),
  );
}

export function useDeleteTemplate() {
  return useTemplateMutation((id: string) => api<null>(`${BASE}${id}`, { method: 'DELETE' }));
}
