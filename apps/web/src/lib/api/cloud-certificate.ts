import type {
  TCloudAuthorizationAnswer,
  TCloudAuthorizationBody,
  TCloudCertificate,
  TCloudSlot,
  TPscProvider,
} from '@escriba/contract';
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

/** Begins the authorisation: the provider's page to go to, or (a push) the state to follow. */
export function beginAuthorization(body: TCloudAuthorizationBody): Promise<TCloudAuthorizationAnswer> {
  return api<TCloudAuthorizationAnswer>(`${base}/authorization`, { method: 'POST', body });
}

/** Begins the authorisation and leaves for the provider's page, which sends her back to the callback page. */
export async function authorizeAtProvider(body: TCloudAuthorizationBody): Promise<void> {
  const { authorize_url } = await beginAuthorization({ ...body, flow: 'redirect' });
  window.location.assign(authorize_url!);
}

/** Whether she approved the push on her phone: the connected certificate, or null while she has not. */
export async function checkPush(state: string): Promise<TCloudCertificate | null> {
  const answer = await api<TCloudCertificate | { status: 'waiting' }>(`${base}/push`, {
    method: 'POST',
    body: { state },
  });
  return 'status' in answer ? null : answer;
}

/** Finishes the connection with what the provider sent back. */
export function finishCloudConnection(state: string, code: string): Promise<TCloudCertificate> {
  return api<TCloudCertificate>(base, { method: 'POST', body: { state, code } });
}

export function disconnectCloudCertificate(): Promise<void> {
  return api(base, { method: 'DELETE' });
}
