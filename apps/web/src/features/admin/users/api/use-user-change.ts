import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_USERS_KEY } from './list-users';

/** A change to a user: once done, the list and every detail are fetched again (balance, status, sessions, audit). */
export function useUserChange<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
}
