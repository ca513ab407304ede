import type { TLicenseType, TSpecialization } from '@escriba/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadCommonData } from '../common-data';
import { browserCookieJar } from '../cookies';
import { api } from '../session';

/** License types and specializations: fetched once, then read back from the `common` cookie. */
export function getCommonData() {
  return loadCommonData(browserCookieJar, {
    licenseTypes: () => api<TLicenseType[]>('/common/license-types'),
    specializations: () => api<TSpecialization[]>('/common/specializations'),
  });
}

export const commonDataQueryOptions = () =>
  queryOptions({ queryKey: ['common'], queryFn: getCommonData, staleTime: Number.POSITIVE_INFINITY });

export function useCommonData() {
  return useQuery(commonDataQueryOptions());
}
