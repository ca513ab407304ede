import type { TSpecialization } from '@escriba/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../session';

export function listMySpecializations(): Promise<TSpecialization[]> {
  return api<TSpecialization[]>('/user/me/specialization/');
}

export const mySpecializationsQueryOptions = () =>
  queryOptions({ queryKey: ['user', 'specializations'], queryFn: listMySpecializations });

export function useMySpecializations() {
  return useQuery(mySpecializationsQueryOptions());
}
