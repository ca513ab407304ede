import type { TUpdateMeBody, TUser } from '@escriba/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/session';
import { sessionStore } from '../../../lib/session-store';
import { meQueryOptions } from '../../../lib/api/get-me';

export function updateMe(body: TUpdateMeBody): Promise<TUser> {
  return api<TUser>('/user/me/', { method: 'PATCH', body });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => {
      queryClient.setQueryData(meQueryOptions().queryKey, user);
      // The greeting and the sidebar read the name from the stored user.
      sessionStore.updateUser({ name: user.name });
    },
  });
}
