import type { TStylePreferences, TStylePreferencesBody } from '@escriba/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/session';
import { stylePreferencesQueryOptions } from './get-style-preferences';

export function updateStylePreferences(body: TStylePreferencesBody): Promise<TStylePreferences> {
  return api<TStylePreferences>('/user/me/style-preferences', { method: 'PUT', body });
}

export function useUpdateStylePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStylePreferences,
    onSuccess: (preferences) => queryClient.setQueryData(stylePreferencesQueryOptions().queryKey, preferences),
  });
}
