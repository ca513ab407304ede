import type { TEndedSessions } from '@escriba/contract';
import { api } from '../../../../lib/session';
import { useUserChange } from './use-user-change';

export function endUserSessions(id: string): Promise<TEndedSessions> {
  return api<TEndedSessions>(`/admin/user/${id}/sessions`, { method: 'DELETE' });
}

export function useEndUserSessions(id: string) {
  return useUserChange(() => endUserSessions(id));
}
