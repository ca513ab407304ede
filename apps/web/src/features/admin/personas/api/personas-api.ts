import type { TAdminPersona, TAdminPersonaBody, TPersonaSpecializationsBody } from '@escriba/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/session';
import { idempotencyKeyHeader } from '../../../../lib/idempotency';

const PERSONAS_KEY = ['admin', 'personas'] as const;

export const personasQueryOptions = queryOptions({
  queryKey: [...PERSONAS_KEY, 'list'],
  queryFn: () => api<TAdminPersona[]>('/admin/prompt/persona/'),
});

export function usePersonas() {
  return useQuery(personasQueryOptions);
}

function usePersonaChange<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: PERSONAS_KEY }) });
}

/** A new persona is never the default: "Tornar padrão" makes it one. */
export function useCreatePersona() {
  return usePersonaChange((body: TAdminPersonaBody) =>
    api<TAdminPersona>('/admin/prompt/persona/', { method: 'POST', body, headers: idempotencyKeyHeader(body) }),
  );
}

export function useUpdatePersona() {
  return usePersonaChange(({ id, body }: { id: string; body: TAdminPersonaBody }) =>
    api<TAdminPersona>(`/admin/prompt/persona/${id}`, { method: 'PUT', body }),
  );
}

/** The server keeps exactly one default: the previous one stops being it. */
export function useSetDefaultPersona() {
  return usePersonaChange((id: string) =>
    api<TAdminPersona>(`/admin/prompt/persona/${id}/set-default`, { method: 'POST' }),
  );
}

/** 409 for the default persona and those shipped with Escriba. */
export function useDeletePersona() {
  return usePersonaChange((id: string) => api<null>(`/admin/prompt/persona/${id}`, { method: 'DELETE' }));
}

/** Exactly these specializations get the persona; one held by another persona moves to this one. */
export function useSetPersonaSpecializations() {
  return usePersonaChange(({ id, specializationIds }: { id: string; specializationIds: number[] }) =>
    api<TAdminPersona>(`/admin/prompt/persona/${id}/specializations`, {
      method: 'PUT',
      body: { specialization_ids: specializationIds } satisfies TPersonaSpecializationsBody,
    }),
  );
}
