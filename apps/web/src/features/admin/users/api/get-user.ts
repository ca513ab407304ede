import type { TAdminUserDetail } from '@escriba/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/session';
import { ADMIN_USERS_KEY } from './list-users';

export function getUser(id: string): Promise<TAdminUserDetail> {
  return api<TAdminUserDetail>(`/admin/user/${id}`);
}

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...ADMIN_USERS_KEY, 'detail', id], queryFn: () => getUser(id) });

export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}
