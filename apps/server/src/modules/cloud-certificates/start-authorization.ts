import { CLOUD_CERTIFICATE_CALLBACK_PATH, formatLifetime, type TCloudAuthorizationBody } from '@escriba/contract';
import { cloudAuthorizations, type UserRow } from '../../db/schema/index';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { withSecretsKey } from '../certificates/certificate-seal';
import { redirectUri, requestedProvider, requireCpf } from './cloud-provider';
import { codeChallenge, newCodeVerifier, newState } from './pkce';

/**
 * Begins her authorisation at the provider (OAuth 2.0 authorization code with PKCE, S256): keeps the verifier,
 * sealed, under a new `state` (replacing one she began before) and answers the provider's page to go to. 422 for a
 * lifetime beyond the provider's limit.
 */
export async function startAuthorization(
  app: App,
  user: UserRow,
  body: TCloudAuthorizationBody,
): Promise<{ authorize_url: string }> {
  const cpf = requireCpf(user);
  const { provider, client } = await requestedProvider(app, body.provider_id);
  if (body.lifetime_seconds > provider.maxLifetimeSeconds) {
    throw fieldError(
      ['body', 'lifetime_seconds'],
      `O ${provider.name} autoriza no máximo ${formatLifetime(provider.maxLifetimeSeconds)}`,
    );
  }
  const verifier = newCodeVerifier();
  const state = newState();
  const sealedCodeVerifier = withSecretsKey(() => app.secrets.seal('psc-tokens', Buffer.from(verifier), state));
  const authorization = {
    state,
    providerId: provider.id,
    certificateAlias: body.certificate_alias,
    lifetimeSeconds: body.lifetime_seconds,
    sealedCodeVerifier,
    returnTo: body.return_to ?? null,
    createdAt: new Date(),
  };
  // One per professional: a new one replaces what she began before, even two begun at once.
  await app.db
    .insert(cloudAuthorizations)
    .values({ userId: user.id, ...authorization })
    .onConflictDoUpdate({ target: cloudAuthorizations.userId, set: authorization });
  return {
    authorize_url: client.authorizeUrl({
      cpf,
      codeChallenge: codeChallenge(verifier),
      state,
      redirectUri: redirectUri(app, CLOUD_CERTIFICATE_CALLBACK_PATH),
      lifetimeSeconds: body.lifetime_seconds,
    }),
  };
}
