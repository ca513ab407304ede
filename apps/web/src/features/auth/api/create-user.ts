import type { TCreateUserBody, TUser } from '@escriba/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/session';

/** POST /user/: the account starts pending verification; the server e-mails a verification link. */
export function createUser(body: TCreateUserBody): Promise<TUser> {
  return api<TUser>('/user/', { method: 'POST', body });
}

export function useCreateUser() {
  return useMutation({ mutationFn: createUser });
}
