import type { TCloudAuthorizationBody, TCloudCertificate, TCloudSlot, TPscProvider } from '@escriba/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../session';

const base = '/user/me/cloud-certificate';

/** The professional's connected cloud certificate and its authorisation, or null. */
export const cloudCertificateQueryOptions = () =>
  queryOptions({ queryKey: ['user', 'cloud-certificate'], queryFn: () => api<TCloudCertificate | null>(base) });

export function useCloudCertificate() {
  return useQuery(cloudCertificateQueryOptions());
}

/** The PSC providers configured on this server. */
export function usePscProviders() {
  return useQuery({ queryKey: ['user', 'psc-providers'], queryFn: () => api<TPscProvider[]>(`${base}/providers`) });
}

/** The certificates a provider holds for her CPF. */
export function findCloudSlots(providerId: string): Promise<TCloudSlot[]> {
  return api<TCloudSlot[]>(`${base}/slots`, { method: 'POST', body: { provider_id: providerId } });
}

/** Begins the authorisation and leaves for the provider's page, which sends her back to the callback page. */
export async function authorizeAtProvider(body: TCloudAuthorizationBody): Promise<void> {
  const { authorize_url } = await api<{ authorize_url: string }>(`${base}/authorization`, { method: 'POST', body });
  window.location.assign(authorize_url);
}

/** Finishes the connection with what the provider sent back. */
export function finishCloudConnection(state: string, code: string): Promise<TCloudCertificate> {
  return api<TCloudCertificate>(base, { method: 'POST', body: { state, code } });
}

export function disconnectCloudCertificate(): Promise<void> {
  return api(base, { method: 'DELETE' });
}
