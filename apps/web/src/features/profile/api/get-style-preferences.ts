import type { TStylePreferences } from '@escriba/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/session';

export function getStylePreferences(): Promise<TStylePreferences> {
  return api<TStylePreferences>('/user/me/style-preferences');
}

export const stylePreferencesQueryOptions = () =>
  queryOptions({ queryKey: ['user', 'style-preferences'], queryFn: getStylePreferences });

export function useStylePreferences() {
  return useQuery(stylePreferencesQueryOptions());
}
