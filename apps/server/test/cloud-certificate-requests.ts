// The professional's side of connecting a cloud certificate, through the API as the profile calls it.
import type { TCloudCertificate } from '@escriba/contract';
import type { App } from '../src/platform/services';
import type { PscFixture } from './psc-fixture';
import { PSC_CERTIFICATE_ALIAS } from './psc-fixture';

type Headers = Record<string, string>;

export const CLOUD_URL = '/api/v1/user/me/cloud-certificate';

export function beginAuthorization(app: App, headers: Headers, providerId: string, body: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: `${CLOUD_URL}/authorization`,
    headers,
    payload: { provider_id: providerId, certificate_alias: PSC_CERTIFICATE_ALIAS, lifetime_seconds: 86_400, ...body },
  });
}

/** `code` and `state` as the provider sends her back with them. */
export function finishAuthorization(app: App, headers: Headers, callback: URL) {
  return app.inject({
    method: 'POST',
    url: CLOUD_URL,
    headers,
    payload: { state: callback.searchParams.get('state'), code: callback.searchParams.get('code') },
  });
}

/** Begins, approves at the provider and finishes: her cloud certificate connected. */
export async function connectCloudCertificate(
  app: App,
  headers: Headers,
  psc: PscFixture,
  providerId: string,
): Promise<TCloudCertificate> {
  const begun = await beginAuthorization(app, headers, providerId);
  if (begun.statusCode !== 200) throw new Error(`authorization: ${begun.statusCode} ${begun.body}`);
  const finished = await finishAuthorization(
    app,
    headers,
    await psc.approve(begun.json<{ authorize_url: string }>().authorize_url),
  );
  if (finished.statusCode !== 200) throw new Error(`connection: ${finished.statusCode} ${finished.body}`);
  return finished.json<TCloudCertificate>();
}
