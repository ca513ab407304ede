import type { TPreferences, TUpdatePreferencesBody } from '@escriba/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/session';
import { preferencesQueryOptions } from './get-preferences';

export function updatePreferences(body: TUpdatePreferencesBody): Promise<TPreferences> {
  return api<TPreferences>('/user/me/me/preferences/', { method: 'PATCH', body });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (preferences) => queryClient.setQueryData(preferencesQueryOptions().queryKey, preferences),
  });
}
