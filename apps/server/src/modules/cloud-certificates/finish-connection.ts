import { CLOUD_CERTIFICATE_CALLBACK_PATH, type TCloudCertificate } from '@escriba/contract';
import { and, eq } from 'drizzle-orm';
import type { PscProviderConfig } from '../../config/signatures';
import {
  cloudAuthorizations,
  cloudCertificates,
  type CloudAuthorizationRow,
  type UserRow,
} from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { PscError, PUSH_REDIRECT_URI, type PscToken } from '../../providers/psc/psc-client';
import { withSecretsKey } from '../certificates/certificate-seal';
import { trustAnchors } from '../certificates/icp-brasil-trust';
import { assertValidAt, describeCertificate } from '../certificates/open-certificate';
import { cloudCertificateView } from './cloud-certificate-view';
import { pscClient, redirectUri } from './cloud-provider';
import { pscProblem } from './psc-problems';
import { findPscProvider } from '../psc-providers/psc-provider-store';
import { readProviderCertificate } from './provider-certificate';

// The provider's page, her phone and back: ten minutes is ample, and a verifier kept longer serves no one.
const AUTHORIZATION_MINUTES = 10;

const startOver = (message: string) => fieldError(['body', 'state'], message);

/** Her authorisation of that `state`, unclaimed and younger than ten minutes; 422 on state otherwise. */
function assertOpen(pending: CloudAuthorizationRow | undefined): asserts pending is CloudAuthorizationRow {
  if (!pending) throw startOver('Autorização não encontrada ou já concluída: comece de novo no Perfil');
  if (Date.now() - pending.createdAt.getTime() > AUTHORIZATION_MINUTES * 60_000) {
    throw startOver('A autorização demorou mais de 10 minutos: comece de novo no Perfil');
  }
}

async function providerOf(app: App, pending: CloudAuthorizationRow): Promise<PscProviderConfig> {
  const provider = await findPscProvider(app, pending.providerId);
  if (!provider) throw startOver('O provedor desta autorização não está mais configurado');
  return provider;
}

/** Claims the authorisation of `state` once: a second request with it finds nothing. */
async function claim(app: App, userId: string, state: string): Promise<CloudAuthorizationRow | undefined> {
  const [pending] = await app.db
    .delete(cloudAuthorizations)
    .where(and(eq(cloudAuthorizations.state, state), eq(cloudAuthorizations.userId, userId)))
    .returning();
  return pending;
}

/**
 * Finishes the authorisation the provider sent her back from: the `state` is claimed once (a second request with it
 * is 422) and the code connects (`connect`).
 */
export async function finishConnection(
  app: App,
  user: UserRow,
  body: { state: string; code: string },
  origin: RequestOrigin,
): Promise<TCloudCertificate> {
  const pending = await claim(app, user.id, body.state);
  assertOpen(pending);
  const provider = await providerOf(app, pending);
  return connect(
    app,
    user,
    { pending, provider, origin },
    body.code,
    redirectUri(app, CLOUD_CERTIFICATE_CALLBACK_PATH),
  );
}

/**
 * Asks the provider whether she approved the push of `state` on her phone: 'waiting' while she has not; once she
 * has, the authorisation is claimed and connects (`connect`).
 */
export async function finishPush(
  app: App,
  user: UserRow,
  state: string,
  origin: RequestOrigin,
): Promise<TCloudCertificate | 'waiting'> {
  const [found] = await app.db
    .select()
    .from(cloudAuthorizations)
    .where(and(eq(cloudAuthorizations.state, state), eq(cloudAuthorizations.userId, user.id)));
  assertOpen(found);
  if (!found.pushCode) throw startOver('Esta autorização é pela página do provedor, não pelo celular');
  const provider = await providerOf(app, found);
  let approval: string | undefined;
  try {
    approval = await pscClient(app, provider).pushApproval(found.pushCode);
  } catch (error) {
    throw pscProblem(provider.name, error, 'a conexão não foi concluída');
  }
  if (approval === undefined) return 'waiting';
  const pending = await claim(app, user.id, state);
  assertOpen(pending);
  return connect(app, user, { pending, provider, origin }, approval, PUSH_REDIRECT_URI);
}

/**
 * The code exchanged for a token with the kept PKCE verifier, the chosen certificate read from the provider's
 * certificate discovery and checked (hers, valid, ICP-Brasil or said not to be), and the token kept sealed until it
 * expires, replacing the connection she had.
 */
async function connect(
  app: App,
  user: UserRow,
  { pending, provider, origin }: { pending: CloudAuthorizationRow; provider: PscProviderConfig; origin: RequestOrigin },
  code: string,
  codeRedirectUri: string,
): Promise<TCloudCertificate> {
  const client = pscClient(app, provider);
  const verifier = withSecretsKey(() => app.secrets.open('psc-tokens', pending.sealedCodeVerifier, pending.state));
  const now = new Date();
  let token: PscToken;
  let certificates: { alias: string; certificate: string }[];
  try {
    token = await client.exchangeCode({ code, codeVerifier: verifier.toString('utf8'), redirectUri: codeRedirectUri });
    certificates = await client.findCertificates(token.accessToken);
  } catch (error) {
    if (error instanceof PscError && error.failure === 'refused') {
      throw fieldError(['body', 'code'], `O ${provider.name} recusou a autorização: comece de novo no Perfil`);
    }
    throw pscProblem(provider.name, error, 'a conexão não foi concluída');
  }
  if (token.cpf && token.cpf !== user.cpf) {
    throw fieldError(['body', 'code'], `O ${provider.name} autorizou outro CPF, não o do seu cadastro`);
  }
  const found = certificates.find((each) => each.alias === pending.certificateAlias) ?? certificates[0];
  const chain = found && readProviderCertificate(found.certificate);
  if (!found || !chain) {
    throw fieldError(['body', 'code'], `O ${provider.name} não entregou o certificado escolhido: comece de novo`);
  }
  const details = describeCertificate(chain, await trustAnchors(app.config.signatures.extraAnchorsDir), now);
  assertValidAt(details, now);
  if (details.cpf && user.cpf && details.cpf !== user.cpf) {
    throw fieldError(['body', 'code'], 'Este certificado é de outro CPF, não o do seu cadastro');
  }
  const values = {
    providerId: provider.id,
    certificateAlias: found.alias,
    holderName: details.holderName,
    cpf: details.cpf,
    issuer: details.issuer,
    validFrom: details.validFrom,
    validUntil: details.validUntil,
    icpBrasil: details.icpBrasil,
    icpBrasilProblem: details.icpBrasilProblem,
    sealedAccessToken: withSecretsKey(() => app.secrets.seal('psc-tokens', Buffer.from(token.accessToken), user.id)),
    authorizedUntil: new Date(now.getTime() + token.expiresInSeconds * 1000),
    returnTo: pending.returnTo,
    connectedAt: now,
  };
  const [row] = await app.db.transaction(async (tx) => {
    const saved = await tx
      .insert(cloudCertificates)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: cloudCertificates.userId, set: values })
      .returning();
    await recordAudit(tx, {
      action: 'cloud_certificate.connected',
      actorUserId: user.id,
      subjectUserId: user.id,
      ...origin,
      details: { provider_id: provider.id, authorized_seconds: token.expiresInSeconds, icp_brasil: details.icpBrasil },
    });
    return saved;
  });
  return cloudCertificateView(app, row!);
}
