import type { TCertificate } from '@escriba/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../session';

/** The professional's A1 certificate as it describes itself, or null without one. */
export function getCertificate(): Promise<TCertificate | null> {
  return api<TCertificate | null>('/user/me/certificate');
}

export const certificateQueryOptions = () =>
  queryOptions({ queryKey: ['user', 'certificate'], queryFn: getCertificate });

export function useCertificate() {
  return useQuery(certificateQueryOptions());
}
