import type { TDeletedUser } from '@escriba/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/session';
import { ADMIN_USERS_KEY } from './list-users';

/** `confirm` is the user's e-mail as the administrator typed it (otherwise 422). */
export function deleteUser(id: string, confirm: string): Promise<TDeletedUser> {
  return api<TDeletedUser>(`/admin/user/${id}`, { method: 'DELETE', query: { confirm } });
}

export function useDeleteUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirm: string) => deleteUser(id, confirm),
    // Only the lists: the open detail is closed by the caller, not fetched again into a 404.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ADMIN_USERS_KEY, 'list'] }),
  });
}
