import type { TAdminUserListItem, TSetUserStatusQuery } from '@escriba/contract';
import { api } from '../../../../lib/session';
import { useUserChange } from './use-user-change';

/** Suspension ends every session of the user and closes their live connections; 409 for oneself or the last admin. */
export function setUserStatus(id: string, status: TSetUserStatusQuery['status']): Promise<TAdminUserListItem> {
  return api<TAdminUserListItem>(`/admin/user/${id}/set-status`, { method: 'POST', query: { status } });
}

export function useSetUserStatus(id: string) {
  return useUserChange((status: TSetUserStatusQuery['status']) => setUserStatus(id, status));
}
