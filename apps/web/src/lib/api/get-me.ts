import type { TUser } from '@escriba/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../session';

export function getMe(): Promise<TUser> {
  return api<TUser>('/user/me/');
}

export const meQueryOptions = () => queryOptions({ queryKey: ['user', 'me'], queryFn: getMe });

export function useMe() {
  return useQuery(meQueryOptions());
}
