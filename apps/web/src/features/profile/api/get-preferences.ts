import type { TPreferences } from '@escriba/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/session';

export function getPreferences(): Promise<TPreferences> {
  return api<TPreferences>('/user/me/me/preferences/');
}

export const preferencesQueryOptions = () =>
  queryOptions({ queryKey: ['user', 'preferences'], queryFn: getPreferences });

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}
