import type { TAdminUserList, TAdminUserListQuery } from '@escriba/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/session';

/** Every query of the users' administration starts with this key, so a change refreshes them all. */
export const ADMIN_USERS_KEY = ['admin', 'users'] as const;

export function listUsers(query: TAdminUserListQuery): Promise<TAdminUserList> {
  return api<TAdminUserList>('/admin/user/', { query });
}

export const usersQueryOptions = (query: TAdminUserListQuery) =>
  queryOptions({
    queryKey: [...ADMIN_USERS_KEY, 'list', query],
    queryFn: () => listUsers(query),
    placeholderData: keepPreviousData,
  });

/** Disabled while the filters in the address do not pass the contract (`query` undefined). */
export function useUsers(query: TAdminUserListQuery | undefined) {
  return useQuery({ ...usersQueryOptions(query ?? {}), enabled: query !== undefined });
}
