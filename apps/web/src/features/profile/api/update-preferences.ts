import type { TPreferences, TUpdatePreferencesBody } from '@escriba/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { preferredTemplateQueryOptions } from '../../../lib/api/anamnesis-templates';
import { api } from '../../../lib/session';
import { preferencesQueryOptions } from './get-preferences';

export function updatePreferences(body: TUpdatePreferencesBody): Promise<TPreferences> {
  return api<TPreferences>('/user/me/me/preferences/', { method: 'PATCH', body });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: async (preferences) => {
      queryClient.setQueryData(preferencesQueryOptions().queryKey, preferences);
      // Her default specialization picks the template a new note starts from.
      await queryClient.invalidateQueries({ queryKey: preferredTemplateQueryOptions().queryKey });
    },
  });
}
