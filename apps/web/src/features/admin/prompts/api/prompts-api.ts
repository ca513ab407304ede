import type { TAdminPrompt, TAdminPromptBody, TAdminPromptUpdate } from '@escriba/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/session';
import { idempotencyKeyHeader } from '../../../../lib/idempotency';

const PROMPTS_KEY = ['admin', 'prompts'] as const;

export const promptsQueryOptions = queryOptions({
  queryKey: [...PROMPTS_KEY, 'list'],
  queryFn: () => api<TAdminPrompt[]>('/admin/prompt/'),
});

export function usePrompts() {
  return useQuery(promptsQueryOptions);
}

/** A change to one prompt can deactivate another of its purpose: the whole list is read again. */
function usePromptChange<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: PROMPTS_KEY }) });
}

export function useCreatePrompt() {
  return usePromptChange((body: TAdminPromptBody) =>
    api<TAdminPrompt>('/admin/prompt/', { method: 'POST', body, headers: idempotencyKeyHeader(body) }),
  );
}

export function useUpdatePrompt() {
  return usePromptChange(({ id, body }: { id: string; body: TAdminPromptUpdate }) =>
    api<TAdminPrompt>(`/admin/prompt/${id}`, { method: 'PUT', body }),
  );
}

/** 409 for the active prompt, one shipped with Escriba, or one a note's provenance names. */
export function useDeletePrompt() {
  return usePromptChange((id: string) => api<null>(`/admin/prompt/${id}`, { method: 'DELETE' }));
}
