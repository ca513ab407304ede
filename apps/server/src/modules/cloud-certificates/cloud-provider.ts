import type { PscProviderConfig } from '../../config/signatures';
import type { UserRow } from '../../db/schema/index';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { PscClient } from '../../providers/psc/psc-client';
import { findPscProvider } from '../psc-providers/psc-provider-store';

/** A provider the request names, with its client: 422 on provider_id when none is configured with that id. */
export async function requestedProvider(
  app: App,
  providerId: string,
): Promise<{ provider: PscProviderConfig; client: PscClient }> {
  const provider = await findPscProvider(app, providerId);
  if (!provider) throw fieldError(['body', 'provider_id'], 'Provedor não configurado neste servidor');
  return { provider, client: pscClient(app, provider) };
}

export function pscClient(app: App, provider: PscProviderConfig): PscClient {
  return new PscClient(provider, app.config.signatures.pscTimeoutMs);
}

/** Her CPF, which the providers know her by: 422 when her profile has none. */
export function requireCpf(user: UserRow): string {
  if (!user.cpf)
    throw fieldError(['body', 'provider_id'], 'Cadastre seu CPF no Perfil para usar um certificado em nuvem');
  return user.cpf;
}

/** Where the provider sends her back: the redirect URI to register with it. */
export function redirectUri(app: App, callbackPath: string): string {
  return `${app.config.publicUrl}${callbackPath}`;
}
