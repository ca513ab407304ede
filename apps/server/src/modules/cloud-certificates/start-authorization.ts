import {
  CLOUD_CERTIFICATE_CALLBACK_PATH,
  formatLifetime,
  type TCloudAuthorizationAnswer,
  type TCloudAuthorization,
} from '@escriba/contract';
import { cloudAuthorizations, type UserRow } from '../../db/schema/index';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { withSecretsKey } from '../certificates/certificate-seal';
import { redirectUri, requestedProvider, requireCpf } from './cloud-provider';
import { codeChallenge, newCodeVerifier, newState } from './pkce';
import { pscProblem } from './psc-problems';

/**
 * Begins her authorisation at the provider (OAuth 2.0 authorization code with PKCE, S256): keeps the verifier,
 * sealed, under a new `state` (replacing one she began before) and answers the provider's page to go to, or, for a
 * push, has the provider notify her phone and keeps the code it answers for. 422 for a lifetime beyond the provider's
 * limit or a push to a provider without one.
 */
export async function startAuthorization(
  app: App,
  user: UserRow,
  body: TCloudAuthorization,
): Promise<TCloudAuthorizationAnswer> {
  const cpf = requireCpf(user);
  const { provider, client } = await requestedProvider(app, body.provider_id);
  if (body.lifetime_seconds > provider.maxLifetimeSeconds) {
    throw fieldError(
      ['body', 'lifetime_seconds'],
      `O ${provider.name} autoriza no máximo ${formatLifetime(provider.maxLifetimeSeconds)}`,
    );
  }
  if (body.flow === 'push' && !provider.push) {
    throw fieldError(['body', 'flow'], `O ${provider.name} não autoriza pelo celular: use a página do provedor`);
  }
  const verifier = newCodeVerifier();
  const state = newState();
  const sealedCodeVerifier = withSecretsKey(() => app.secrets.seal('psc-tokens', Buffer.from(verifier), state));
  const request = { cpf, codeChallenge: codeChallenge(verifier), state, lifetimeSeconds: body.lifetime_seconds };
  let pushCode: string | null = null;
  if (body.flow === 'push') {
    try {
      pushCode = await client.requestPush(request);
    } catch (error) {
      throw pscProblem(provider.name, error, 'o pedido não chegou ao seu celular');
    }
  }
  const authorization = {
    state,
    providerId: provider.id,
    certificateAlias: body.certificate_alias,
    lifetimeSeconds: body.lifetime_seconds,
    sealedCodeVerifier,
    pushCode,
    returnTo: body.return_to ?? null,
    createdAt: new Date(),
  };
  // One per professional: a new one replaces what she began before, even two begun at once.
  await app.db
    .insert(cloudAuthorizations)
    .values({ userId: user.id, ...authorization })
    .onConflictDoUpdate({ target: cloudAuthorizations.userId, set: authorization });
  const authorizeUrl = pushCode
    ? null
    : client.authorizeUrl({ ...request, redirectUri: redirectUri(app, CLOUD_CERTIFICATE_CALLBACK_PATH) });
  return { authorize_url: authorizeUrl, state };
}
