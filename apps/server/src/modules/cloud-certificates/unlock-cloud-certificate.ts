import { createHash, verify, X509Certificate } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { cloudCertificates } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import type { SigningKey } from '../../platform/pdf/cades-signer';
import type { App } from '../../platform/services';
import { PscError, type PscClient } from '../../providers/psc/psc-client';
import { withSecretsKey } from '../certificates/certificate-seal';
import { trustAnchors } from '../certificates/icp-brasil-trust';
import { assertValidAt, describeCertificate } from '../certificates/open-certificate';
import type { UnlockedCertificate } from '../certificates/unlock-certificate';
import { findPscProvider } from '../psc-providers/psc-provider-store';
import { isAuthorized } from './cloud-certificate-view';
import { pscClient } from './cloud-provider';
import { authorizeAgain, pscProblem } from './psc-problems';
import { readProviderCertificate } from './provider-certificate';

const NOT_SIGNED = 'o documento não foi assinado';

/**
 * Her cloud certificate, ready to sign `at`: the certificate as the provider's certificate discovery gives it now
 * (a renewed one replaces what the profile showed), checked as an A1's is, and a key whose one signature is the
 * provider's signature of the hash. 409 without a connection or with an authorisation expired or refused by the
 * provider (whose token is then forgotten: she authorises again), 503 when the provider does not answer; the
 * signature is asked once and never retried, so a provider that charges per signature charges once.
 */
export async function unlockCloudCertificate(app: App, userId: string, at: Date): Promise<UnlockedCertificate> {
  const [row] = await app.db.select().from(cloudCertificates).where(eq(cloudCertificates.userId, userId));
  if (!row) throw new AppError('conflict', 'Conecte um certificado em nuvem no Perfil para assinar com ele');
  const provider = await findPscProvider(app, row.providerId);
  if (!provider) {
    throw new AppError('conflict', `O provedor ${row.providerId} não está mais configurado: avise o administrador`);
  }
  if (!isAuthorized(row, at)) throw authorizeAgain(provider.name);
  const accessToken = withSecretsKey(() => app.secrets.open('psc-tokens', row.sealedAccessToken!, userId)).toString();
  const client = pscClient(app, provider);
  const forgetToken = async () => {
    await app.db
      .update(cloudCertificates)
      .set({ sealedAccessToken: null, authorizedUntil: null })
      .where(eq(cloudCertificates.userId, userId));
    return authorizeAgain(provider.name);
  };
  const refusal = async (error: unknown) =>
    error instanceof PscError && error.failure === 'unauthorized'
      ? forgetToken()
      : pscProblem(provider.name, error, NOT_SIGNED);

  const certificates = await client.findCertificates(accessToken).catch(async (error: unknown) => {
    throw await refusal(error);
  });
  const found = certificates.find((each) => each.alias === row.certificateAlias);
  const chain = found && readProviderCertificate(found.certificate);
  if (!chain) {
    throw new AppError(
      'conflict',
      `O ${provider.name} não tem mais o certificado conectado: conecte-o de novo no Perfil`,
    );
  }
  const details = describeCertificate(chain, await trustAnchors(app.config.signatures.extraAnchorsDir), at);
  assertValidAt(details, at);
  // A renewed certificate replaces what the profile shows; an unchanged one costs no write.
  const { holderName, cpf, issuer, validFrom, validUntil, icpBrasil, icpBrasilProblem } = details;
  const shown = { holderName, cpf, issuer, validFrom, validUntil, icpBrasil, icpBrasilProblem };
  const isSame = (Object.keys(shown) as (keyof typeof shown)[]).every((key) => String(shown[key]) === String(row[key]));
  if (!isSame) await app.db.update(cloudCertificates).set(shown).where(eq(cloudCertificates.userId, userId));
  return { ...details, signingKey: cloudSigningKey(client, accessToken, row.certificateAlias, chain, refusal) };
}

/** A key held by the provider: the hash of what is signed goes to it, and its signature is checked before use. */
function cloudSigningKey(
  client: PscClient,
  accessToken: string,
  alias: string,
  chain: Buffer[],
  refusal: (error: unknown) => Promise<unknown>,
): SigningKey {
  const publicKey = new X509Certificate(chain[0]!).publicKey;
  return {
    chain,
    async sign(data) {
      const hash = createHash('sha256').update(data).digest();
      const signature = await client.signHash(accessToken, alias, hash).catch(async (error: unknown) => {
        throw await refusal(error);
      });
      // A signature the certificate does not verify would make a PDF every validator rejects.
      if (!verify('sha256', data, publicKey, signature)) {
        throw new AppError(
          'unavailable',
          `O ${client.providerName} devolveu uma assinatura que não confere: ${NOT_SIGNED}.`,
        );
      }
      return signature;
    },
  };
}
